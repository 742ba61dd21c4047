import { EventSourceParserStream } from 'eventsource-parser/stream';

/**
 * The JSON of each event of a `text/event-stream` body, each as soon as its event is complete
 * (the invoke route's and the MCP endpoint's streamed answers). Events without data are skipped.
 */
export async function* sseMessages<Message>(body: ReadableStream<BufferSource>): AsyncGenerator<Message> {
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (let step = await reader.read(); !step.done; step = await reader.read()) {
      if (step.value.data) yield JSON.parse(step.value.data) as Message;
    }
  } finally {
    // A caller that stops early (break, throw) leaves the rest of the body unread.
    await reader.cancel().catch(() => undefined);
  }
}
