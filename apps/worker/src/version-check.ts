/**
 * The first step of a validation (issue 17 item 1): a version stored 'checking' is type-checked
 * as `xix check` does it, and becomes 'validating' (its games are played) or 'rejected' with
 * verdict type_error and the diagnostics (never played, never active). Every validation series of
 * the version asks; the checks of one version in this process are one check, and the store keeps
 * the first result settled (another worker's check of the same version finds it decided).
 */
import type { SeriesEntrant, WorkerStore } from './store-port.ts';
import type { TypeChecker } from './type-checker.ts';

export type VersionCheck = (version: SeriesEntrant) => Promise<string>;

export function createVersionCheck(store: Pick<WorkerStore, 'getVersion' | 'settleTypeCheck'>, checker: TypeChecker): VersionCheck {
  const inFlight = new Map<string, Promise<string>>();

  const checkOnce = async (ref: SeriesEntrant): Promise<string> => {
    const version = await store.getVersion(ref.bot, ref.version, { source: true });
    if (version === null) return 'missing';
    if (version.state !== 'checking') return version.state;
    const outcome = await checker.check(version.entry, version.files);
    // A thread that failed is the platform's trouble: the job fails and is tried again.
    if (outcome.kind === 'failed') throw new Error(`cannot type-check ${ref.bot} version ${ref.version}: ${outcome.message}`);
    if (outcome.kind === 'timeout') {
      return store.settleTypeCheck(ref, { ok: false, message: `its type-check took longer than ${outcome.ms / 1000} s: its types are too much to check`, diagnostics: [] });
    }
    const { diagnostics, message } = outcome;
    return store.settleTypeCheck(ref, diagnostics.length === 0 ? { ok: true } : { ok: false, message, diagnostics });
  };

  return (ref) => {
    const key = `${ref.bot}@${ref.version}`;
    let check = inFlight.get(key);
    if (check === undefined) {
      check = checkOnce(ref).finally(() => inFlight.delete(key));
      inFlight.set(key, check);
    }
    return check;
  };
}
