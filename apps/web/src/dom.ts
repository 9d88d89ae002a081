/** A small DOM builder: el('a', { href }, 'text', child) and friends. */

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

export function el<Tag extends keyof HTMLElementTagNameMap>(tag: Tag, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') node.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) node.setAttribute(name, '');
    else node.setAttribute(name, String(value));
  }
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
  }
}

/**
 * Sets inline styles through the CSS object model (bars, positions computed at run time): a strict
 * content security policy refuses style attributes, not this.
 */
export function styled<Element extends HTMLElement>(element: Element, styles: Readonly<Record<string, string>>): Element {
  for (const [property, value] of Object.entries(styles)) element.style.setProperty(property, value);
  return element;
}

/** Replaces a node's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

/** A link to another page of the app (main.ts routes it without reloading). */
export function link(href: string, ...children: Child[]): HTMLAnchorElement {
  return el('a', { href }, ...children);
}

export function heading(level: 1 | 2 | 3, text: string): HTMLHeadingElement {
  return el(`h${level}`, {}, text);
}

/** A status line for loading and errors, read out by screen readers. */
export function notice(text: string, kind: 'info' | 'error' = 'info'): HTMLParagraphElement {
  return el('p', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}

export function formatTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatNumber(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits);
}
