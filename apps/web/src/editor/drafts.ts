/**
 * The editor's drafts, kept in this browser (localStorage): several bots per game, each a name and
 * its source. A damaged store reads as no drafts rather than breaking the page.
 */
export interface Draft {
  readonly id: string;
  readonly game: string;
  readonly name: string;
  readonly text: string;
  readonly updatedAt: number;
}

const KEY = 'xix.editor.drafts';

function isDraft(value: unknown): value is Draft {
  const d = value as Partial<Draft> | null;
  return d !== null && typeof d === 'object' && typeof d.id === 'string' && typeof d.game === 'string' && typeof d.name === 'string' && typeof d.text === 'string' && typeof d.updatedAt === 'number';
}

export function loadDrafts(): Draft[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isDraft) : [];
  } catch {
    return [];
  }
}

function store(drafts: readonly Draft[]): void {
  localStorage.setItem(KEY, JSON.stringify(drafts));
}

/** Saves a draft (new or changed), newest first. */
export function saveDraft(draft: Draft): void {
  store([draft, ...loadDrafts().filter((d) => d.id !== draft.id)]);
}

export function deleteDraft(id: string): void {
  store(loadDrafts().filter((d) => d.id !== id));
}

/** A name for a game's next new draft: `my-bot`, `my-bot-2`, ... (a bot name the platform accepts). */
export function freshDraftName(game: string): string {
  const taken = new Set(loadDrafts().filter((d) => d.game === game).map((d) => d.name));
  for (let n = 1; ; n++) {
    const name = n === 1 ? 'my-bot' : `my-bot-${n}`;
    if (!taken.has(name)) return name;
  }
}

export function newDraftId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
