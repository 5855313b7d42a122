/** A fetch that records every request before the sandbox (or a scripted answer) gets it. */
export interface Recorded {
  url: string;
  method: string;
  /** The body's text ('' for GET). */
  body: string;
  contentType: string;
  accept: string;
  auth: string | null;
  signal?: AbortSignal | null;
}

/**
 * recordingFetch() gives `fetch` (hand it to an ImmoClient) and the `sent` list. `answer`
 * may answer a request itself (a Response, or a thrown TypeError for a lost connection);
 * returning undefined passes it on to the real fetch.
 */
export function recordingFetch(
  answer?: (req: Request, sent: Recorded[]) => Response | undefined | Promise<Response | undefined>,
) {
  const sent: Recorded[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const req = new Request(input, init);
    sent.push({
      url: req.url,
      method: req.method,
      body: req.method === 'GET' || req.method === 'HEAD' ? '' : await req.clone().text(),
      contentType: req.headers.get('content-type') ?? '',
      accept: req.headers.get('accept') ?? '',
      auth: req.headers.get('authorization'),
      signal: init?.signal,
    });
    const own = answer ? await answer(req, sent) : undefined;
    return own ?? fetch(req);
  };
  return { sent, fetch: fetchFn, posts: () => sent.filter((s) => s.method === 'POST') };
}
