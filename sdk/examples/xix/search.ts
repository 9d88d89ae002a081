/**
 * The search bot: information-set Monte Carlo tree search over the deals its seat cannot rule
 * out (see docs/bots.md). Change `budget` to trade strength for time; the default stays well
 * inside the sandbox's 100 ms a decision.
 */
import { createSearchBot } from '@xix/sdk';

export default createSearchBot({ budget: 250_000 });
