/**
 * HEAD and POST report-api/reports/queues: this browser's queue of report tasks. The server files
 * every task under the queue that asked for it, so a queue stands for one user in one browser: its
 * id is made here, kept in localStorage per user, and registered with the server the first time it
 * is needed. Every task call goes through the queue, so this is asked first and kept for the page.
 */
import { QueueId } from '@manway/core/api/reports';
import { shellApi } from '../../../shell/request/api';

const QUEUES_URL = 'report-api/reports/queues';

/** Another user holding a new random id is chance once; several times in a row it is not. */
const MAX_CLAIMS = 3;

export const queueStorageKey = (login: string) => `manway.reports.queue.${login}`;

/** 'q-' and 32 hex digits; getRandomValues, unlike randomUUID, also exists on plain-http hosts. */
function newQueueId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `q-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The page's localStorage, or null where the browser refuses it: a queue then lasts one page. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function storedQueueId(login: string): string | null {
  const stored = storage()?.getItem(queueStorageKey(login)) ?? null;
  return stored !== null && QueueId.safeParse(stored).success ? stored : null;
}

function storeQueueId(login: string, id: string): void {
  try {
    storage()?.setItem(queueStorageKey(login), id);
  } catch {
    // Storage full or refused: the next page load registers a new queue, which only costs a request.
  }
}

const reportQueueApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** The queue id of the signed-in user (by login) in this browser, once the server knows it. */
    getReportQueue: build.query<string, string>({
      async queryFn(login, _api, _extraOptions, baseQuery) {
        let id = storedQueueId(login) ?? newQueueId();
        // 404 is the expected answer for a new or forgotten queue, not a failure to tell the user of.
        const head = await baseQuery({ url: QUEUES_URL, method: 'HEAD', params: { id }, ignoreGlobal: true });
        if (!head.error) {
          storeQueueId(login, id);
          return { data: id };
        }
        if (head.error.status !== 404) return { error: head.error };
        for (let claim = 0; ; claim += 1) {
          const created = await baseQuery({ url: QUEUES_URL, method: 'POST', body: { Id: id } });
          if (!created.error) {
            storeQueueId(login, id);
            return { data: id };
          }
          // 409: the id is someone else's queue; ours is a fresh one.
          if (created.error.status !== 409 || claim + 1 >= MAX_CLAIMS) return { error: created.error };
          id = newQueueId();
        }
      },
      // The queue does not change while the page lives; asking again would only repeat the HEAD.
      keepUnusedDataFor: 24 * 60 * 60,
    }),
  }),
});

export const { useGetReportQueueQuery } = reportQueueApi;
