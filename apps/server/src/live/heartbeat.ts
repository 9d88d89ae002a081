/**
 * Finds sockets that went away without a close (a pulled cable, a suspended laptop): each socket
 * is pinged once a period and terminated if it did not answer its previous ping, so its buffers
 * are freed. The sockets are spread over the period's ticks, a slice pinged a tick: ten thousand
 * pings at one moment, and their ten thousand pongs, held up the fan-out for ~300 ms every period
 * (bench:ws, docs/benchmarks.md "Spectators").
 */
export interface Pingable {
  /** Cleared when pinged, set again by the client's pong. */
  alive: boolean;
  readonly socket: { ping(): void; terminate(): void };
}

export class Heartbeat<Member extends Pingable> {
  /** Members by tick of the period: a new one goes in the next slice round the circle. */
  readonly #slices: Set<Member>[];
  readonly #sliceOf = new Map<Member, Set<Member>>();
  readonly #timer: NodeJS.Timeout;
  #nextSlice = 0;
  #tick = 0;

  constructor(periodMs: number, ticks = 30) {
    if (!Number.isSafeInteger(ticks) || ticks < 1 || !(periodMs >= ticks)) throw new RangeError(`a heartbeat needs ticks ≥ 1 and a period of at least 1 ms a tick, got ${periodMs} ms / ${ticks}`);
    this.#slices = Array.from({ length: ticks }, () => new Set<Member>());
    this.#timer = setInterval(() => this.#beat(), periodMs / ticks).unref();
  }

  add(member: Member): void {
    const slice = this.#slices[this.#nextSlice]!;
    this.#nextSlice = (this.#nextSlice + 1) % this.#slices.length;
    slice.add(member);
    this.#sliceOf.set(member, slice);
  }

  delete(member: Member): void {
    this.#sliceOf.get(member)?.delete(member);
    this.#sliceOf.delete(member);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #beat(): void {
    const slice = this.#slices[this.#tick]!;
    this.#tick = (this.#tick + 1) % this.#slices.length;
    for (const member of slice) {
      if (!member.alive) {
        member.socket.terminate();
        continue;
      }
      member.alive = false;
      member.socket.ping();
    }
  }
}
