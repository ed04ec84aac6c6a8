import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaItem } from '../components/mediaFixtures';
import type { RequestFailureDetails } from '../../../shell/request/lifecycle';
import type { UploadCallbacks, UploadOutcome, UploadRequest, UploadTransport } from './transport';
import { retryDelayMs, UploadQueue } from './uploadQueue';

/** A network whose sends the test ends one by one. */
class ScriptedTransport implements UploadTransport {
  readonly sends: { request: UploadRequest; callbacks: UploadCallbacks; end(outcome: UploadOutcome): void }[] = [];

  send(request: UploadRequest, callbacks: UploadCallbacks): Promise<UploadOutcome> {
    return new Promise((end) => this.sends.push({ request, callbacks, end }));
  }

  /** Ends the latest send of the file. */
  async end(fileName: string, outcome: UploadOutcome): Promise<void> {
    const send = this.sends.findLast((s) => s.request.file.name === fileName);
    send!.end(outcome);
    await Promise.resolve();
  }

  sentNames(): string[] {
    return this.sends.map((s) => s.request.file.name);
  }
}

const failure = (status: number): RequestFailureDetails => ({ data: null, status, statusText: '' });
const FAILED: UploadOutcome = { kind: 'failed', failure: failure(0) };

function queueOf(transport: ScriptedTransport) {
  const onUploaded = vi.fn();
  const queue = new UploadQueue({
    transport,
    target: { type: 'Inspection', id: 5 },
    describeRefusal: (f) => ({ title: `Refused ${f.status}`, text: '' }),
    onUploaded,
  });
  const state = (name: string) => queue.getSnapshot().find((row) => row.file.name === name)?.state;
  return { queue, onUploaded, state };
}

const file = (name: string) => new File(['x'], name);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the upload queue', () => {
  it('waits 1 s, 2 s, 4 s… between tries, and never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('tries a failing file again for as long as it fails, then it is uploaded', async () => {
    const transport = new ScriptedTransport();
    const { queue, onUploaded, state } = queueOf(transport);
    queue.add([file('survey.mp4')]);

    for (const wait of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]) {
      await transport.end('survey.mp4', FAILED);
      expect(state('survey.mp4')).toBe('retrying');
      const tries = transport.sends.length;
      vi.advanceTimersByTime(wait - 1);
      expect(transport.sends).toHaveLength(tries);
      vi.advanceTimersByTime(1);
      expect(transport.sends).toHaveLength(tries + 1);
      expect(state('survey.mp4')).toBe('uploading');
    }
    await transport.end('survey.mp4', { kind: 'failed', failure: failure(502) });
    vi.advanceTimersByTime(30_000);
    await transport.end('survey.mp4', { kind: 'uploaded', added: [] });
    expect(state('survey.mp4')).toBe('uploaded');
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(transport.sends).toHaveLength(9);
  });

  it('a refused file is not tried again and says why', async () => {
    const transport = new ScriptedTransport();
    const { queue, state } = queueOf(transport);
    queue.add([file('fake.jpg')]);
    await transport.end('fake.jpg', { kind: 'refused', failure: failure(400) });
    vi.advanceTimersByTime(60_000);
    expect(transport.sends).toHaveLength(1);
    expect(state('fake.jpg')).toBe('refused');
    expect(queue.getSnapshot()[0]!.refusal).toEqual({ title: 'Refused 400', text: '' });
  });

  it('sends two files at a time; a file waiting to try again keeps its place', async () => {
    const transport = new ScriptedTransport();
    const { queue, state } = queueOf(transport);
    queue.add([file('a.jpg'), file('b.jpg'), file('c.jpg')]);
    expect(transport.sentNames()).toEqual(['a.jpg', 'b.jpg']);
    expect(state('c.jpg')).toBe('ready');

    await transport.end('a.jpg', FAILED);
    expect(transport.sentNames()).toEqual(['a.jpg', 'b.jpg']);
    await transport.end('b.jpg', { kind: 'uploaded', added: [] });
    expect(transport.sentNames()).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('cancelling a file waiting to try again stops its tries', async () => {
    const transport = new ScriptedTransport();
    const { queue } = queueOf(transport);
    queue.add([file('a.jpg')]);
    await transport.end('a.jpg', FAILED);
    queue.remove(queue.getSnapshot()[0]!.key);
    vi.advanceTimersByTime(60_000);
    expect(transport.sends).toHaveLength(1);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('an uploaded file stays listed until the gallery lists every id it was given', async () => {
    const transport = new ScriptedTransport();
    const { queue } = queueOf(transport);
    queue.add([file('a.jpg')]);
    await transport.end('a.jpg', { kind: 'uploaded', added: [mediaItem({ id: 41 })] });
    queue.forgetListed(new Set([1, 2]));
    expect(queue.getSnapshot()).toHaveLength(1);
    queue.forgetListed(new Set([1, 2, 41]));
    expect(queue.getSnapshot()).toEqual([]);
  });
});
