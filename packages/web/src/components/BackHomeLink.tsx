import { Link } from 'react-router';

/** The way out of a page opened from an e-mail link that cannot go on (used up, expired, missing). */
export function BackHomeLink() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to="/" className="text-primary underline-offset-2 hover:underline">
        Back to the home page
      </Link>
    </p>
  );
}
