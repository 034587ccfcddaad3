/** A small parser of the LaTeX that questions hold between `$...$` (school mathematics: numbers,
 * letters, operators and relations, fractions, roots, powers and indices, brackets, sets and
 * intervals, integrals, limits, sums, logarithms and trigonometry, vectors and angles, systems):
 * the tree that our Vietnamese speech reads (vietnamese.ts, decision 0053). KaTeX parses the same
 * text for the picture; its parse tree is private (`katex.__parse`), so speech does not depend on it.
 *
 * The parser never fails: an unknown command becomes a word (its name), an unmatched bracket
 * an ordinary symbol, a missing argument an empty row. */

/** One part of a formula. */
export type MathNode =
  /** Digits as written, with their decimal separators (`24,5`, `24{,}5` as `24,5`, `3.5`). */
  | { kind: "num"; text: string }
  /** A letter (`x`, `A`) or a Greek letter by its command name (`alpha`, `Delta`). */
  | { kind: "id"; text: string; greek?: boolean }
  /** An operator, relation, punctuation or other symbol: the character (`+`, `=`, `;`) or the
   * command name (`le`, `in`, `infty`). */
  | { kind: "sym"; text: string }
  /** A named function or large operator: `sin`, `log`, `ln`, `lim`, `int`, `sum`, `max`, ... */
  | { kind: "fn"; text: string }
  /** Text kept as written (`\text{...}`, an unknown command's name). */
  | { kind: "text"; text: string }
  /** A blackboard-bold letter (`\mathbb{R}`). */
  | { kind: "set"; text: string }
  | { kind: "row"; items: MathNode[] }
  | { kind: "frac"; num: MathNode; den: MathNode }
  | { kind: "binom"; n: MathNode; k: MathNode }
  | { kind: "sqrt"; body: MathNode; index?: MathNode }
  /** Indices, exponents and primes on a base (`x_1^2`, `f'`); `base` is an empty row for a script
   * with nothing before it. */
  | { kind: "script"; base: MathNode; sub?: MathNode; sup?: MathNode; primes: number }
  /** Brackets around a row: `(`, `[`, `{` (for `\{`), `|`, `.` (an invisible `\left.`/`\right.`),
   * `langle`; `close` is `""` when the formula ends before the bracket closes. */
  | { kind: "fence"; open: string; close: string; body: MathNode }
  /** `vec` (`\vec`, `\overrightarrow`), `angle` (`\widehat`, `\hat`), `bar` (`\overline`, `\bar`). */
  | { kind: "accent"; accent: "vec" | "angle" | "bar"; body: MathNode }
  /** An environment of rows and cells (`cases`, `array`, `aligned`, matrices). */
  | { kind: "table"; env: string; rows: MathNode[][] };

type Token = { t: "cmd"; v: string } | { t: "char"; v: string } | { t: "num"; v: string };

const GREEK = new Set(
  (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi " +
    "pi varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega " +
    "Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega"
  ).split(" "),
);

const FUNCTIONS = new Set(
  (
    "sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth ln log lg exp lim limsup " +
    "liminf max min sup inf det deg gcd arg int iint iiint oint sum prod"
  ).split(" "),
);

/** Commands that only set spacing, size or style: they are not read. */
const SILENT = new Set(
  (
    ", ; : ! > quad qquad thinspace medspace thickspace enspace negthinspace displaystyle textstyle " +
    "scriptstyle limits nolimits big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr " +
    "middle nonumber notag"
  ).split(" "),
);

/** Commands whose one argument is text, read as written. */
const TEXT = new Set(["text", "textrm", "textit", "textbf", "textup", "mbox", "operatorname"]);

/** Commands whose one argument is mathematics in another font, read like the argument. */
const FONTS = new Set([
  "mathrm",
  "mathit",
  "mathbf",
  "mathsf",
  "mathtt",
  "mathcal",
  "mathscr",
  "mathfrak",
  "boldsymbol",
  "bm",
  "underline",
  "dot",
  "ddot",
  "tilde",
  "widetilde",
  "overleftarrow",
  "check",
  "breve",
  "acute",
  "grave",
  "mathring",
]);

const ACCENTS: Record<string, "vec" | "angle" | "bar"> = {
  vec: "vec",
  overrightarrow: "vec",
  widehat: "angle",
  hat: "angle",
  overline: "bar",
  bar: "bar",
};

/** Other spellings of one symbol, to the name speech reads. */
const ALIASES: Record<string, string> = {
  leq: "le",
  leqslant: "le",
  geq: "ge",
  geqslant: "ge",
  neq: "ne",
  implies: "Rightarrow",
  Longrightarrow: "Rightarrow",
  iff: "Leftrightarrow",
  Longleftrightarrow: "Leftrightarrow",
  rightarrow: "to",
  longrightarrow: "to",
  varnothing: "emptyset",
  subseteq: "subset",
  supseteq: "supset",
  lvert: "|",
  rvert: "|",
  vert: "mid",
  lbrace: "{",
  rbrace: "}",
  lbrack: "[",
  rbrack: "]",
  ldots: "dots",
  cdots: "dots",
  dotsc: "dots",
  dotsb: "dots",
  vdots: "dots",
  land: "wedge",
  lor: "vee",
  lnot: "neg",
  backsim: "sim",
  colon: ":",
  ast: "*",
  degree: "circ",
  prime: "'",
  lt: "<",
  gt: ">",
};

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s|~/.test(c)) {
      i++;
    } else if (c === "\\") {
      const name = /^[A-Za-z]+/.exec(source.slice(i + 1))?.[0];
      const v = name ?? source[i + 1] ?? "";
      tokens.push({ t: "cmd", v });
      i += 1 + Math.max(v.length, 1);
    } else if (/\d/.test(c)) {
      // Digits with their decimal separators: 24.5, 24,5 and 24{,}5 (Vietnamese); a separator
      // belongs to the number only when a digit follows it.
      const number = /^\d+(?:(?:\.|,|\{,\})\d+)*/.exec(source.slice(i))![0];
      tokens.push({ t: "num", v: number.replace(/\{,\}/g, ",") });
      i += number.length;
    } else {
      tokens.push({ t: "char", v: c });
      i++;
    }
  }
  return tokens;
}

const row = (items: MathNode[]): MathNode => (items.length === 1 ? items[0]! : { kind: "row", items });

type Stop = (token: Token) => boolean;

class Parser {
  private at = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token | undefined {
    return this.tokens[this.at++];
  }

  private isChar(token: Token | undefined, v: string): boolean {
    return token?.t === "char" && token.v === v;
  }

  private isCmd(token: Token | undefined, v: string): boolean {
    return token?.t === "cmd" && token.v === v;
  }

  /** Items up to (not including) a token `stop` accepts, or the end. */
  parseRow(stop: Stop): MathNode[] {
    const items: MathNode[] = [];
    for (let token = this.peek(); token && !stop(token); token = this.peek()) {
      if (this.isChar(token, "}")) {
        this.next(); // a stray closing brace
        continue;
      }
      const scriptFirst = this.isChar(token, "^") || this.isChar(token, "_");
      items.push(...this.withScripts(scriptFirst ? [] : this.atom(stop), stop));
    }
    return items;
  }

  /** Indices, exponents and primes after the last of `atoms`. */
  private withScripts(atoms: MathNode[], stop: Stop): MathNode[] {
    let token = this.peek();
    if (!(this.isChar(token, "^") || this.isChar(token, "_") || this.isChar(token, "'"))) return atoms;
    const base = atoms.pop() ?? row([]);
    const node: Extract<MathNode, { kind: "script" }> = { kind: "script", base, primes: 0 };
    while (token && !stop(token)) {
      if (this.isChar(token, "'")) {
        this.next();
        node.primes++;
      } else if (this.isChar(token, "^") || this.isChar(token, "_")) {
        this.next();
        const arg = this.argument();
        if (this.isChar(token, "_")) node.sub = arg;
        else if (arg.kind === "sym" && arg.text === "'") node.primes++;
        else node.sup = arg;
      } else break;
      token = this.peek();
    }
    return [...atoms, node];
  }

  /** One argument of a command or a script: a `{...}` group, or one token (one digit of a number:
   * `x^23` is x squared, then 3). */
  private argument(): MathNode {
    const token = this.peek();
    if (!token) return row([]);
    if (this.isChar(token, "{")) {
      this.next();
      const items = this.parseRow((t) => this.isChar(t, "}"));
      this.next();
      return row(items);
    }
    if (token.t === "num" && token.v.length > 1) {
      this.tokens[this.at] = { t: "num", v: token.v.slice(1) };
      return { kind: "num", text: token.v[0]! };
    }
    const atoms = this.atom(() => false);
    return row(atoms);
  }

  /** The raw text of a `{...}` argument (for `\text`, `\mathbb`, an environment's name). */
  private rawArgument(): string {
    if (!this.isChar(this.peek(), "{")) {
      const token = this.next();
      return token ? token.v : "";
    }
    this.next();
    let depth = 1;
    let text = "";
    for (let token = this.next(); token; token = this.next()) {
      if (this.isChar(token, "{")) depth++;
      if (this.isChar(token, "}") && --depth === 0) break;
      text += token.t === "cmd" ? (/^[A-Za-z]/.test(token.v) ? `\\${token.v} ` : token.v) : token.v;
    }
    return text;
  }

  /** The nodes one token starts (usually one; an unmatched `|` gives itself and what follows). */
  private atom(stop: Stop): MathNode[] {
    const token = this.next()!;
    if (token.t === "num") return [{ kind: "num", text: token.v }];
    if (token.t === "char") return this.charAtom(token.v, stop);
    return this.command(token.v, stop);
  }

  private charAtom(c: string, stop: Stop): MathNode[] {
    if (/[A-Za-z]/.test(c)) return [{ kind: "id", text: c }];
    if (c === "{") {
      const items = this.parseRow((t) => this.isChar(t, "}"));
      this.next();
      return [row(items)];
    }
    if (c === "(" || c === "[") return [this.bracket(c, stop)];
    if (c === "|") return this.bars(stop);
    return [{ kind: "sym", text: c }];
  }

  /** `(` or `[` up to the next `)` or `]` (either: `[0; 2)` is a half-open interval). */
  private bracket(open: string, stop: Stop): MathNode {
    const closes = (t: Token) => this.isChar(t, ")") || this.isChar(t, "]");
    const body = this.parseRow((t) => closes(t) || stop(t));
    const end = this.peek();
    const close = end && closes(end) ? this.next()!.v : "";
    return { kind: "fence", open, close, body: row(body) };
  }

  /** `|...|` (absolute value); a `|` with no partner is a symbol ("such that" in a set). */
  private bars(stop: Stop): MathNode[] {
    const start = this.at;
    const body = this.parseRow((t) => this.isChar(t, "|") || stop(t));
    if (this.isChar(this.peek(), "|")) {
      this.next();
      return [{ kind: "fence", open: "|", close: "|", body: row(body) }];
    }
    this.at = start;
    return [{ kind: "sym", text: "mid" }];
  }

  private command(name: string, stop: Stop): MathNode[] {
    const v = ALIASES[name] ?? name;
    if (SILENT.has(v) || v === " " || v === "right") return [];
    if (v === "frac" || v === "dfrac" || v === "tfrac" || v === "cfrac") {
      const num = this.argument();
      return [{ kind: "frac", num, den: this.argument() }];
    }
    if (v === "binom" || v === "dbinom" || v === "tbinom") {
      const n = this.argument();
      return [{ kind: "binom", n, k: this.argument() }];
    }
    if (v === "sqrt") {
      let index: MathNode | undefined;
      if (this.isChar(this.peek(), "[")) {
        this.next();
        index = row(this.parseRow((t) => this.isChar(t, "]")));
        this.next();
      }
      return [{ kind: "sqrt", body: this.argument(), index }];
    }
    if (v === "left") return [this.leftRight()];
    if (v === "{") return [this.braces(stop)];
    if (v === "begin") return [this.environment()];
    if (TEXT.has(v)) return [{ kind: "text", text: this.rawArgument().trim() }];
    if (v === "mathbb" || v === "Bbb") return [{ kind: "set", text: this.rawArgument().trim() }];
    if (FONTS.has(v)) return [this.argument()];
    if (v in ACCENTS) return [{ kind: "accent", accent: ACCENTS[v]!, body: this.argument() }];
    if (GREEK.has(v)) return [{ kind: "id", text: v, greek: true }];
    if (FUNCTIONS.has(v)) return [{ kind: "fn", text: v }];
    if (/^[A-Za-z]+$/.test(v) && !KNOWN_SYMBOLS.has(v)) return [{ kind: "text", text: v }];
    return [{ kind: "sym", text: v }];
  }

  /** `\{ ... \}` (a set). */
  private braces(stop: Stop): MathNode {
    const body = this.parseRow((t) => this.isCmd(t, "}") || this.isCmd(t, "rbrace") || stop(t));
    const closed = this.peek()?.t === "cmd";
    if (closed) this.next();
    return { kind: "fence", open: "{", close: closed ? "}" : "", body: row(body) };
  }

  private delimiter(): string {
    const token = this.next();
    if (!token) return "";
    const v = token.t === "cmd" ? (ALIASES[token.v] ?? token.v) : token.v;
    return { "}": "}", "{": "{", rangle: ")", langle: "(" }[v] ?? v;
  }

  private leftRight(): MathNode {
    const open = this.delimiter();
    const body = this.parseRow((t) => this.isCmd(t, "right"));
    this.next();
    const close = this.delimiter();
    return { kind: "fence", open, close: close || ".", body: row(body) };
  }

  private environment(): MathNode {
    const env = this.rawArgument().trim();
    if (env === "array" || env === "tabular") this.rawArgument(); // the column layout
    const rows: MathNode[][] = [];
    let cells: MathNode[] = [];
    const ends = (t: Token) => this.isCmd(t, "end") || this.isCmd(t, "\\") || this.isChar(t, "&");
    for (;;) {
      cells.push(row(this.parseRow(ends)));
      const token = this.next();
      if (!token || this.isCmd(token, "end")) break;
      if (this.isCmd(token, "\\")) {
        rows.push(cells);
        cells = [];
      }
    }
    rows.push(cells);
    this.rawArgument(); // the name after \end
    const filled = rows.filter((r) => r.some((cell) => !(cell.kind === "row" && cell.items.length === 0)));
    return { kind: "table", env, rows: filled };
  }
}

/** Symbol commands speech knows by name (others are read as their name, as text). */
const KNOWN_SYMBOLS = new Set(
  (
    "cdot times div pm mp le ge ne approx equiv sim simeq cong Rightarrow Leftarrow " +
    "Leftrightarrow to leftarrow mapsto in notin ni subset supset cup cap setminus perp parallel " +
    "forall exists infty emptyset circ angle triangle dots mid neg wedge vee not"
  ).split(" "),
);

/** The tree of `latex` (the text between `$...$`). */
export function parseLatex(latex: string): MathNode {
  const parser = new Parser(tokenize(latex));
  return row(parser.parseRow(() => false));
}
