/**
 * One page of a paginated table (SPEC.md section 7): POST to the act endpoint with the caller's
 * payload (including `act`) and, when pagination is on, the zero-based `page`. A failure or an
 * empty answer yields an empty page with `total_page` 0; the error comes back for a toast.
 */
import type { ActName } from '../contract/acts.ts';
import type { ActClient, ActPayload, PageRow } from '../client/createActClient.ts';
import { isSapaError } from '../errors/SapaError.ts';

export interface TablePage<Row> {
  data: Row[];
  total_page: number;
  /** Why the page is empty because of a failure; `null` on success. Show `error.message` in a toast. */
  error: Error | null;
}

export interface FetchTablePageOptions {
  /** Zero-based page index. Default 0. */
  page?: number;
  /** When false, no `page` is sent (an unpaginated list). Default true. */
  pagination?: boolean;
  signal?: AbortSignal;
}

export async function fetchTablePage<N extends ActName>(
  client: Pick<ActClient, 'page'>,
  payload: ActPayload<N>,
  options: FetchTablePageOptions = {},
): Promise<TablePage<PageRow<N>>> {
  const { page = 0, pagination = true, signal } = options;
  try {
    const response = await client.page(payload, pagination ? page : undefined, signal ? { signal } : {});
    const data = Array.isArray(response.data) ? response.data : [];
    const totalPage = Number(response.total_page);
    return { data, total_page: Number.isFinite(totalPage) && totalPage > 0 ? totalPage : 0, error: null };
  } catch (cause) {
    const error = isSapaError(cause) || cause instanceof Error ? cause : new Error(String(cause));
    return { data: [], total_page: 0, error };
  }
}
