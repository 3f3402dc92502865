/** The company's driver rules a driver breaks, said at the desk before anything is sent (same words the server would give). */
export function DriverRuleProblems({ problems, days }: { problems: readonly string[]; days: 'this booking’s days' | 'these days' }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-medium">The company’s rules for drivers on {days}:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {problems.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
