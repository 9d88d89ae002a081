/** `xix play`'s exit statuses besides 0 (all well; with --sprt, H1 accepted) and 1 (bad input: one line on stderr). */
export const EXIT_FORFEIT = 3;
export const EXIT_INTERRUPTED = 130;
/** --sprt: H0 accepted (not better by --elo1), and no verdict within --max-games. */
export const EXIT_SPRT_H0 = 4;
export const EXIT_SPRT_INCONCLUSIVE = 5;
