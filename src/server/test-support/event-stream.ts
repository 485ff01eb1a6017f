import { appEventSchema } from '../../domain/events.ts';

interface Frame {
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** A streaming fetch of /api/events, parsed into server-sent-event frames as they arrive. */
export async function openStream(baseUrl: string, cookie?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
  const frames: Frame[] = [];
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    response,
    frames,
    events: () =>
      frames.filter((frame) => frame.event !== undefined).map((frame) => ({ type: frame.event, event: appEventSchema.parse(JSON.parse(frame.data!)) })),
    hasEnded: () => ended,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    else {
      const [field, ...rest] = line.split(': ');
      frame[field as 'event' | 'data' | 'retry'] = rest.join(': ');
    }
  }
  return frame;
}
