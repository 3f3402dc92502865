/** Bank statements' reads and writes, in the staff area's one cache. */
import type { Statement } from '@rental/contract/schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../api/client';
import { backOfficeKeys } from '../backOfficeQueries';

export const statementsKey = [...backOfficeKeys.all, 'statements'] as const;
export const statementKey = (id: string) => [...backOfficeKeys.all, 'statement', id] as const;

export function useStatements() {
  return useQuery({ queryKey: statementsKey, queryFn: ({ signal }) => callApi('statements', { signal }), select: (data) => data.statements });
}

export function useStatement(id: string) {
  return useQuery({ queryKey: statementKey(id), queryFn: ({ signal }) => callApi('statement', { params: { id }, signal }), select: (data) => data.statement });
}

/** What a call answered is what the page shows: the statement is put in the cache, the list read again. */
export function showStatement(queryClient: QueryClient, statement: Statement): Promise<void> {
  queryClient.setQueryData(statementKey(statement.id), { success: true as const, statement });
  return queryClient.invalidateQueries({ queryKey: statementsKey });
}

export const previewStatement = (form: FormData) => callApi('previewStatement', { form });
export const uploadStatement = (form: FormData) => callApi('uploadStatement', { form });
export const applyStatement = (id: string, body: { lineIds?: string[]; lines?: { lineId: string; reference: string }[] }) =>
  callApi('applyStatement', { params: { id }, body });
