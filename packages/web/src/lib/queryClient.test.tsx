import { MESSAGES } from '@rental/contract/messages';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { callApi, setApiBaseUrl } from '../api/client';
import { CappedToaster } from '../components/CappedToaster';
import { serverUrl } from '../test/api';
import { createQueryClient } from './queryClient';

const UNKNOWN_CAR = '00000000-0000-4000-8000-000000000000';
const UNREACHABLE = 'http://127.0.0.1:9';

/** A part of a page reading a car the server does not have, as a page's query would. */
function CarPart({ part, meta }: { part: string; meta?: { errorToast?: true | string } }) {
  const car = useQuery({ queryKey: ['car', UNKNOWN_CAR, part], queryFn: () => callApi('car', { params: { id: UNKNOWN_CAR } }), retry: false, meta });
  return <p>{car.isError ? `${part} failed` : `${part} loading`}</p>;
}

function renderParts(...parts: { part: string; meta?: { errorToast?: true | string } }[]) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {parts.map((props) => (
        <CarPart key={props.part} {...props} />
      ))}
      <CappedToaster />
    </QueryClientProvider>,
  );
}

describe("the query cache's error toasts", () => {
  afterEach(() => setApiBaseUrl(serverUrl()));

  it("says a failed query's refusal once, in the server's words, however many parts of the page asked", async () => {
    renderParts({ part: 'header', meta: { errorToast: true } }, { part: 'gallery', meta: { errorToast: true } });
    expect(await screen.findByText('header failed')).toBeInTheDocument();
    expect(await screen.findByText('gallery failed')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.carNotFound)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.carNotFound)).toHaveLength(1);
  });

  it("gives the query's own sentence when the server could not be reached", async () => {
    setApiBaseUrl(UNREACHABLE);
    renderParts({ part: 'bank', meta: { errorToast: MESSAGES.errorFetchingBankDetails } });
    expect(await screen.findByText(MESSAGES.errorFetchingBankDetails)).toBeInTheDocument();
  });

  it('stays quiet for a query that shows its failure otherwise', async () => {
    renderParts({ part: 'quiet' }, { part: 'said', meta: { errorToast: 'The part that speaks failed.' } });
    expect(await screen.findByText('quiet failed')).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.carNotFound)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('said failed')).toBeInTheDocument());
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
