import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MessageProvider, OutgoingMessage } from './providers.ts';

export interface OutboxEntry {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  provider: string;
  status: 'stored' | 'sent' | 'failed';
  createdAt: string;
}

/**
 * Sends SMS and e-mail through the configured providers and keeps every message in the outbox table. Without a
 * provider for a channel the message is only stored (the development outbox), which tests and operators read.
 */
export class MessagingService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly providers: { sms?: MessageProvider; email?: MessageProvider },
  ) {}

  /** Returns whether the message left (or, without a provider, was stored); never throws for a provider error. */
  async send(message: OutgoingMessage): Promise<boolean> {
    const provider = this.providers[message.channel];
    let status: OutboxEntry['status'] = 'stored';
    let error: string | null = null;
    if (provider) {
      try {
        await provider.deliver(message);
        status = 'sent';
      } catch (cause) {
        status = 'failed';
        error = cause instanceof Error ? cause.message.slice(0, 500) : 'delivery failed';
      }
    }
    await this.db
      .insertInto('outbox_messages')
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        provider: provider?.name ?? 'outbox',
        status,
        error,
      })
      .execute();
    return status !== 'failed';
  }

  async list(filter: { recipient?: string; limit: number }): Promise<OutboxEntry[]> {
    let query = this.db.selectFrom('outbox_messages').selectAll().orderBy('id', 'desc').limit(filter.limit);
    if (filter.recipient) query = query.where('recipient', '=', filter.recipient);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      provider: r.provider,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
