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
  /**
   * Two 32-bit fingerprints of each product's lexemes (at 2 × id and 2 × id + 1; both 0: not indexed), so that a
   * write leaving them as they were (an order's stock, a price) changes nothing here. The index keeps no list of
   * each product's lexemes: that list was 12 MB of the heap with 20,000 products (issue 14, goal 4). Taking a
   * product out therefore walks every posting list, once for all the products changed before the next match.
   */
  private fingerprints = new Int32Array(0);
  /** Products to take out of every posting list before the next match, with the lexemes they hold now (null: none). */
  private readonly pending = new Map<number, readonly string[] | null>();
  /** Every lexeme in order, for prefixes; rebuilt when a lexeme appears or goes. */
  private sorted: string[] | null = null;
  private maxId = 0;

  /** Sets a product's lexemes (replacing those it had). */
  set(id: number, lexemes: readonly string[]): void {
    const [first, second] = fingerprint(lexemes);
    if (this.pending.has(id)) this.pending.set(id, lexemes);
    else if (this.isIndexed(id)) {
      if (this.fingerprints[2 * id] === first && this.fingerprints[2 * id + 1] === second) return;
      this.pending.set(id, lexemes);
    } else this.insert(id, lexemes);
    this.keepFingerprint(id, first, second);
    if (id > this.maxId) this.maxId = id;
  }

  delete(id: number): void {
    if (!this.pending.has(id) && !this.isIndexed(id)) return;
    this.pending.set(id, null);
    this.keepFingerprint(id, 0, 0);
  }

  /**
   * The ids matching a normalised tsquery, ascending; null for what this index does not evaluate
   * (negation, phrases, weights), which the database then answers.
   */
  match(tsquery: string): number[] | null {
    this.applyPending();
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

  private isIndexed(id: number): boolean {
    return 2 * id + 1 < this.fingerprints.length && (this.fingerprints[2 * id] | this.fingerprints[2 * id + 1]) !== 0;
  }

  private keepFingerprint(id: number, first: number, second: number): void {
    if (2 * id + 1 >= this.fingerprints.length) {
      const grown = new Int32Array(Math.max(2 * id + 2, 2 * this.fingerprints.length));
      grown.set(this.fingerprints);
      this.fingerprints = grown;
    }
    this.fingerprints[2 * id] = first;
    this.fingerprints[2 * id + 1] = second;
  }

  private insert(id: number, lexemes: readonly string[]): void {
    for (const lexeme of lexemes) {
      let ids = this.postings.get(lexeme);
      if (!ids) {
        ids = [];
        this.postings.set(lexeme, ids);
        this.sorted = null;
      }
      insertSorted(ids, id);
    }
  }

  /** Takes the changed products out of every posting list in one pass, then puts their lexemes of now in. */
  private applyPending(): void {
    if (!this.pending.size) return;
    const changed = new Uint8Array(this.maxId + 1);
    for (const id of this.pending.keys()) changed[id] = 1;
    for (const [lexeme, ids] of this.postings) {
      if (!ids.some((id) => changed[id])) continue;
      const kept = ids.filter((id) => !changed[id]);
      if (kept.length) this.postings.set(lexeme, kept);
      else {
        this.postings.delete(lexeme);
        this.sorted = null;
      }
    }
    for (const [id, lexemes] of this.pending) if (lexemes) this.insert(id, lexemes);
    this.pending.clear();
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

/**
 * Two hashes of the lexemes (FNV-1a, and the same steps with MurmurHash2's multiplier), never both 0: a product
 * whose lexemes change keeps the same pair with a chance of one in 2^64.
 */
function fingerprint(lexemes: readonly string[]): [number, number] {
  let first = 0x811c9dc5 | 0;
  let second = 0x9747b28c | 0;
  for (const lexeme of lexemes) {
    for (let i = 0; i < lexeme.length; i++) {
      const code = lexeme.charCodeAt(i);
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second ^ code, 0x5bd1e995);
    }
    // A separator, so that ['ab', 'c'] and ['a', 'bc'] differ.
    first = Math.imul(first ^ 0xffff, 0x01000193);
    second = Math.imul(second ^ 0xffff, 0x5bd1e995);
  }
  return first === 0 && second === 0 ? [0, 1] : [first, second];
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
