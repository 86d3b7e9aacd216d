// A span for each mail handed to the SMTP server.
import { activeTracing, recordError } from './state';

interface Sender<M extends { id: number }> {
  send(mail: M): Promise<void>;
}

/**
 * `sender` itself when tracing is off; else the same sender whose every send is a client span. Each send is a trace of
 * its own: the dispatcher sends in batches, mails that several calls queued, so no one call is their parent. The
 * outbox id on the span is the `mailId` of the dispatcher's log lines.
 */
export function traceMailSends<M extends { id: number }, S extends Sender<M>>(sender: S, smtpUrl: string): S {
  const tracing = activeTracing();
  if (!tracing) return sender;
  const { api, tracer } = tracing;
  const url = new URL(smtpUrl);
  const attributes = {
    'network.protocol.name': 'smtp',
    'server.address': url.hostname,
    'server.port': url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
  };
  const send = sender.send.bind(sender);
  return Object.assign(Object.create(sender) as S, {
    async send(mail: M) {
      const span = tracer.startSpan('smtp send', {
        kind: api.SpanKind.CLIENT,
        root: true,
        attributes: { ...attributes, 'varco.mail.outbox_id': mail.id },
      });
      try {
        await send(mail);
      } catch (error) {
        recordError(tracing, span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  });
}
