/**
 * Which listed products hold each lexeme of their `search_vector`, in memory: a word in 100,000
 * descriptions is matched here in a millisecond, where the database must visit every matching row of
 * the table (a GIN index gives row addresses, not ids) and took 280 ms on PostgreSQL with 200,000
 * products (decision 028). Queries are PostgreSQL's own normalised tsquery text (`to_tsquery(…)::text`),
 * so stemming stays the database's.
 */
export class LexemeIndex {
  /** Ids holding each lexeme, ascending. */
  private readonly postings = new Map<string, number[]>();
  /** Each product's posting lists, to take it out of them again. */
  private readonly listsOf = new Map<number, number[][]>();
  /** Every lexeme in order, for prefixes; rebuilt when a new lexeme appears. */
  private sorted: string[] | null = null;
  private maxId = 0;

  /** Sets a product's lexemes (replacing those it had). */
  set(id: number, lexemes: readonly string[]): void {
    this.delete(id);
    const own: number[][] = [];
    for (const lexeme of lexemes) {
      let ids = this.postings.get(lexeme);
      if (!ids) {
        ids = [];
        this.postings.set(lexeme, ids);
        this.sorted = null;
      }
      insertSorted(ids, id);
      own.push(ids);
    }
    this.listsOf.set(id, own);
    if (id > this.maxId) this.maxId = id;
  }

  delete(id: number): void {
    const lists = this.listsOf.get(id);
    if (!lists) return;
    this.listsOf.delete(id);
    for (const ids of lists) {
      const at = binarySearch(ids, id);
      if (at >= 0) ids.splice(at, 1);
    }
  }

  /**
   * The ids matching a normalised tsquery, ascending; null for what this index does not evaluate
   * (negation, phrases, weights), which the database then answers.
   */
  match(tsquery: string): number[] | null {
    const tokens = tokenize(tsquery);
    if (!tokens) return null;
    if (!tokens.length) return [];
    let at = 0;
    const orExpression = (): number[] | null => {
      let result = andExpression();
      while (result && tokens[at]?.kind === '|') {
        at++;
        const next = andExpression();
        if (!next) return null;
        result = this.union([result, next]);
      }
      return result;
    };
    const andExpression = (): number[] | null => {
      let result = operand();
      while (result && tokens[at]?.kind === '&') {
        at++;
        const next = operand();
        if (!next) return null;
        result = intersect(result, next);
      }
      return result;
    };
    const operand = (): number[] | null => {
      const token = tokens[at++];
      if (token?.kind === '(') {
        const inner = orExpression();
        if (tokens[at++]?.kind !== ')') return null;
        return inner;
      }
      if (token?.kind !== 'lexeme') return null;
      return token.prefix ? this.union(this.startingWith(token.text)) : (this.postings.get(token.text) ?? []);
    };
    const result = orExpression();
    return at === tokens.length ? result : null;
  }

  private startingWith(prefix: string): number[][] {
    this.sorted ??= [...this.postings.keys()].sort();
    const lists: number[][] = [];
    for (let i = lowerBound(this.sorted, prefix); i < this.sorted.length && this.sorted[i].startsWith(prefix); i++) {
      lists.push(this.postings.get(this.sorted[i]) ?? []);
    }
    return lists;
  }

  /** The ids in any of `lists`, ascending. */
  private union(lists: number[][]): number[] {
    if (lists.length === 1) return lists[0];
    const seen = new Uint8Array(this.maxId + 1);
    for (const ids of lists) for (const id of ids) seen[id] = 1;
    const out: number[] = [];
    for (let id = 0; id < seen.length; id++) if (seen[id]) out.push(id);
    return out;
  }
}

type Token = { kind: '&' | '|' | '(' | ')' } | { kind: 'lexeme'; text: string; prefix: boolean };

/** The tokens of a normalised tsquery, or null when it uses an operator or a weight not handled here. */
function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ') i++;
    else if (c === '&' || c === '|' || c === '(' || c === ')') {
      tokens.push({ kind: c });
      i++;
    } else if (c === "'") {
      let lexeme = '';
      i++;
      for (;;) {
        if (i >= text.length) return null;
        if (text[i] === "'" && text[i + 1] === "'") {
          lexeme += "'";
          i += 2;
        } else if (text[i] === "'") {
          i++;
          break;
        } else lexeme += text[i++];
      }
      let prefix = false;
      if (text[i] === ':') {
        if (text.slice(i, i + 2) !== ':*' || /[A-Da-d]/.test(text[i + 2] ?? '')) return null;
        prefix = true;
        i += 2;
      }
      tokens.push({ kind: 'lexeme', text: lexeme, prefix });
    } else return null;
  }
  return tokens;
}

function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      out.push(a[i]);
      i++;
      j++;
    } else if (a[i] < b[j]) i++;
    else j++;
  }
  return out;
}

function binarySearch(ids: number[], id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] === id) return mid;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function insertSorted(ids: number[], id: number): void {
  if (!ids.length || ids[ids.length - 1] < id) {
    ids.push(id);
    return;
  }
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  if (ids[lo] !== id) ids.splice(lo, 0, id);
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
