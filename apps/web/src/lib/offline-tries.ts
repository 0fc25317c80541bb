/**
 * Tries made while the connection is down: kept in the browser's IndexedDB, keyed by
 * their `client_try_id`, until the server has them. Sending one twice is harmless: the server counts
 * a `client_try_id` once. Nothing here decides anything: the server scores every try when it arrives.
 */
export type QueuedTry = {
  client_try_id: string;
  session_id: string;
  activity_id: string;
  answer: unknown;
  elapsed_ms: number;
  queued_at: number;
};

const DB = 'habla-player';
const STORE = 'tries';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE))
        db.createObjectStore(STORE, { keyPath: 'client_try_id' }).createIndex('session', 'session_id');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('indexedDB'));
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('indexedDB'));
      tx.onabort = () => reject(tx.error ?? new Error('indexedDB'));
    });
  } finally {
    db.close();
  }
}

/** The last `queued_at` given out here: two tries queued within one millisecond still keep their order. */
let lastQueuedAt = 0;
/** Keep a try until the server has it; its `queued_at` orders the queue (strictly after the one queued before it). */
export function queueTry(t: QueuedTry): Promise<IDBValidKey> {
  lastQueuedAt = Math.max(t.queued_at, lastQueuedAt + 1);
  const kept = { ...t, queued_at: lastQueuedAt };
  return run('readwrite', (s) => s.put(kept));
}
export const forgetTry = (id: string): Promise<undefined> => run('readwrite', (s) => s.delete(id));
/** The session's waiting tries, oldest first (the order they were made in). */
export async function queuedTries(sessionId: string): Promise<QueuedTry[]> {
  const all = await run<QueuedTry[]>(
    'readonly',
    (s) => s.index('session').getAll(sessionId) as IDBRequest<QueuedTry[]>,
  );
  return all.sort((a, b) => a.queued_at - b.queued_at);
}
