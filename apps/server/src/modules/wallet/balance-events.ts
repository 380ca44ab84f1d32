import { EventEmitter } from 'node:events';
import type { Broadcast } from '../../http/broadcast.ts';

type Listener = () => void;

/**
 * "This member's money moved": raised by the ledger after a commit, heard by the member's open sockets. The news
 * goes through a broadcast, as the socket may be held by another node than the one that moved the money.
 */
export class BalanceEvents {
  private readonly members = new EventEmitter();

  constructor(private readonly broadcast: Broadcast) {
    this.members.setMaxListeners(0);
    broadcast.listen((memberId) => this.members.emit(memberId));
  }

  publish(memberIds: string[]): void {
    for (const memberId of memberIds) this.broadcast.publish(memberId);
  }

  subscribe(memberId: string, listener: Listener): () => void {
    this.members.on(memberId, listener);
    return () => this.members.off(memberId, listener);
  }
}
