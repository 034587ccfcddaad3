/** The Vietnamese spoken text of a formula: our rule set over the parse tree of latex.ts, read
 * the way Vietnamese teachers read mathematics aloud (decision 0053): "căn bậc hai của 5",
 * "x bình phương", "1 phần 2", "tích phân từ 0 đến 1 của ...", "giới hạn khi x dần tới 0 của ...",
 * "x lớn hơn hoặc bằng 3", "x thuộc tập hợp số thực", "vectơ A B".
 *
 * Numbers stay digits (the screen reader's Vietnamese voice says them) and letters stay letters.
 * A root, fraction, exponent or absolute value whose content is more than one term ends with
 * "hết căn" / "hết phân số" / "hết mũ" / "hết giá trị tuyệt đối", so that the listener knows
 * where it stops (√(x+1) is not √x + 1). */
import { type MathNode, parseLatex } from "./latex";

type Script = Extract<MathNode, { kind: "script" }>;
type Fence = Extract<MathNode, { kind: "fence" }>;

const GREEK: Record<string, string> = {
  alpha: "anpha",
  beta: "bêta",
  gamma: "gamma",
  Gamma: "gamma",
  delta: "đenta",
  Delta: "đenta",
  epsilon: "epxilon",
  varepsilon: "epxilon",
  zeta: "zêta",
  eta: "êta",
  theta: "têta",
  vartheta: "têta",
  Theta: "têta",
  iota: "iôta",
  kappa: "kappa",
  lambda: "lamđa",
  Lambda: "lamđa",
  mu: "muy",
  nu: "nuy",
  xi: "xi",
  Xi: "xi",
  pi: "pi",
  varpi: "pi",
  Pi: "pi",
  rho: "rô",
  varrho: "rô",
  sigma: "xichma",
  varsigma: "xichma",
  Sigma: "xichma",
  tau: "tô",
  upsilon: "ipxilon",
  Upsilon: "ipxilon",
  phi: "phi",
  varphi: "phi",
  Phi: "phi",
  chi: "khi",
  psi: "psi",
  Psi: "psi",
  omega: "ômêga",
  Omega: "ômêga",
};

const SYMBOLS: Record<string, string> = {
  "+": "cộng",
  "-": "trừ",
  pm: "cộng trừ",
  mp: "trừ cộng",
  cdot: "nhân",
  times: "nhân",
  "*": "nhân",
  div: "chia",
  "/": "chia",
  "=": "bằng",
  ne: "khác",
  "<": "nhỏ hơn",
  ">": "lớn hơn",
  le: "nhỏ hơn hoặc bằng",
  ge: "lớn hơn hoặc bằng",
  approx: "xấp xỉ",
  simeq: "xấp xỉ",
  equiv: "đồng nhất",
  sim: "đồng dạng với",
  cong: "bằng",
  Rightarrow: "suy ra",
  Leftarrow: "được suy ra từ",
  Leftrightarrow: "tương đương",
  to: "dần tới",
  leftarrow: "mũi tên trái",
  mapsto: "ứng với",
  in: "thuộc",
  notin: "không thuộc",
  ni: "chứa",
  subset: "là tập con của",
  supset: "chứa",
  cup: "hợp",
  cap: "giao",
  setminus: "trừ",
  perp: "vuông góc với",
  parallel: "song song với",
  forall: "với mọi",
  exists: "tồn tại",
  infty: "vô cực",
  emptyset: "tập rỗng",
  circ: "hợp",
  angle: "góc",
  triangle: "tam giác",
  dots: "chấm chấm chấm",
  mid: "sao cho",
  neg: "phủ định",
  wedge: "và",
  vee: "hoặc",
  not: "không",
  "%": "phần trăm",
  ";": "chấm phẩy",
  ",": "phẩy",
  ".": "chấm",
  ":": "hai chấm",
  "!": "giai thừa",
  "'": "phẩy",
  ")": "đóng ngoặc",
  "]": "đóng ngoặc vuông",
  "\\": "",
  "&": "",
  "}": "",
};

/** Relations after which `(a; b)` is an interval, not a point ("x thuộc khoảng ..."). */
const BEFORE_INTERVAL = new Set(["in", "notin", "subset", "supset"]);

/** Symbols after which a `-` or `+` is a sign, not an operation: all but closing ones. */
const CLOSING = new Set([")", "]", "!", "%", "'", "infty", "dots"]);

/** Letters read as functions before `(...)` whatever is inside: f(x + 1) is "f của ...". */
const FUNCTION_LETTERS = new Set(["f", "g", "h", "F", "G", "H"]);

const SETS: Record<string, string> = {
  R: "tập hợp số thực",
  N: "tập hợp số tự nhiên",
  Z: "tập hợp số nguyên",
  Q: "tập hợp số hữu tỉ",
  C: "tập hợp số phức",
};

const FUNCTIONS: Record<string, string> = {
  sin: "sin",
  cos: "côsin",
  tan: "tang",
  cot: "côtang",
  sec: "sec",
  csc: "côsec",
  arcsin: "arcsin",
  arccos: "arccôsin",
  arctan: "arctang",
  sinh: "sin hypebolic",
  cosh: "côsin hypebolic",
  tanh: "tang hypebolic",
  coth: "côtang hypebolic",
  exp: "hàm mũ của",
  det: "định thức của",
  gcd: "ước chung lớn nhất của",
  deg: "bậc của",
  arg: "acgumen của",
  sup: "cận trên đúng của",
  inf: "cận dưới đúng của",
  limsup: "giới hạn trên của",
  liminf: "giới hạn dưới của",
};

const SMALL_NUMBERS = ["", "", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín", "mười"];

const isSym = (node: MathNode | undefined, text: string) => node?.kind === "sym" && node.text === text;

const items = (node: MathNode): MathNode[] => (node.kind === "row" ? node.items : [node]);

const isInteger = (node: MathNode) => node.kind === "num" && /^\d+$/.test(node.text);

/** A number, infinity, or a fraction of numbers: what a sign before it makes negative ("âm"). */
function isNumberLike(node: MathNode | undefined): boolean {
  if (!node) return false;
  if (node.kind === "num" || isSym(node, "infty")) return true;
  if (node.kind === "frac") return isInteger(node.num) && isInteger(node.den);
  if (node.kind === "script") return node.base.kind === "num";
  return false;
}

/** Whether `node` is one term (a number, a letter, a power of one, a vector, ...): read without
 * "hết ..." after it and without the long form of a fraction. */
function isSimple(node: MathNode): boolean {
  switch (node.kind) {
    case "num":
    case "id":
    case "text":
    case "set":
    case "accent":
      return true;
    case "sym":
      return node.text === "infty";
    case "row":
      if (node.items.length === 1) return isSimple(node.items[0]!);
      return (
        node.items.length === 2 &&
        (isSym(node.items[0], "-") || isSym(node.items[0], "+")) &&
        isSimple(node.items[1]!) &&
        node.items[1]!.kind !== "row"
      );
    case "script":
      return (
        node.base.kind !== "fn" &&
        node.base.kind !== "fence" &&
        isSimple(node.base) &&
        (!node.sub || isSimple(node.sub)) &&
        (!node.sup || isSimple(node.sup) || isSym(node.sup, "circ"))
      );
    case "fence":
      return node.open === "|" && node.close === "|" && isSimple(node.body);
    default:
      return false;
  }
}

/** The top-level parts of a row split at `;` (else at `,`): the elements of a set or the ends
 * of an interval. */
function parts(body: MathNode): MathNode[][] {
  const list = items(body);
  const separator = list.some((n) => isSym(n, ";")) ? ";" : ",";
  const result: MathNode[][] = [[]];
  for (const node of list) {
    if (isSym(node, separator)) result.push([]);
    else result[result.length - 1]!.push(node);
  }
  return result.length === 1 && result[0]!.length === 0 ? [] : result;
}

const hasInfinity = (node: MathNode): boolean =>
  isSym(node, "infty") || (node.kind === "row" && node.items.some(hasInfinity));

/** "A và B", "A, B và C". */
function list(words: string[]): string {
  if (words.length < 2) return words.join("");
  return `${words.slice(0, -1).join(", ")} và ${words[words.length - 1]}`;
}

function speakRow(nodes: MathNode[], intervalFirst = false): string {
  const words: string[] = [];
  let interval = intervalFirst;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    const previous = nodes[i - 1];
    const next = nodes[i + 1];
    if ((isSym(node, "-") || isSym(node, "+")) && isSignPosition(previous)) {
      const negative = node.kind === "sym" && node.text === "-";
      words.push(isNumberLike(next) ? (negative ? "âm" : "dương") : negative ? "trừ" : "cộng");
      continue;
    }
    if (node.kind === "id" && node.text === "Delta" && capitalsFrom(nodes, i + 1) >= 2) {
      words.push("tam giác"); // ΔABC
      continue;
    }
    if (next && isApplication(node, next)) {
      const argument = (next as Fence).body;
      words.push(speak(node), "của", isSimple(argument) ? speak(argument) : speak(next));
      i++;
      continue;
    }
    words.push(speak(node, interval));
    interval = node.kind === "sym" && BEFORE_INTERVAL.has(node.text);
  }
  return words.filter(Boolean).join(" ");
}

function isSignPosition(previous: MathNode | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === "sym") return !CLOSING.has(previous.text);
  return previous.kind === "fn";
}

function capitalsFrom(nodes: MathNode[], start: number): number {
  let count = 0;
  while (
    nodes[start + count]?.kind === "id" &&
    /^[A-Z]$/.test((nodes[start + count] as { text: string }).text)
  )
    count++;
  return count;
}

/** f(x), f'(x), V(2): a letter (with primes) before round brackets holding one value. */
function isApplication(node: MathNode, next: MathNode): boolean {
  if (next.kind !== "fence" || next.open !== "(" || next.close !== ")") return false;
  if (parts(next.body).length > 1) return false; // A(2; 8) is a point
  const letter = node.kind === "script" && !node.sup && !node.sub ? node.base : node;
  if (letter.kind !== "id") return false;
  return FUNCTION_LETTERS.has(letter.text) || isSimple(next.body);
}

function speakNumber(text: string): string {
  return text.replace(/,/g, " phẩy ").replace(/\./g, " chấm ");
}

function speak(node: MathNode, interval = false): string {
  switch (node.kind) {
    case "num":
      return speakNumber(node.text);
    case "id":
      return node.greek ? (GREEK[node.text] ?? node.text) : node.text;
    case "sym":
      return SYMBOLS[node.text] ?? node.text;
    case "fn":
      return speakFunction(node.text);
    case "text":
      return node.text;
    case "set":
      return SETS[node.text] ?? node.text;
    case "row":
      return speakRow(node.items, interval);
    case "frac":
      return speakFraction(node.num, node.den);
    case "binom":
      return `tổ hợp chập ${speak(node.k)} của ${speak(node.n)}`;
    case "sqrt":
      return speakRoot(node.body, node.index);
    case "script":
      return speakScript(node);
    case "fence":
      return speakFence(node, interval);
    case "accent":
      if (node.accent === "vec") return `vectơ ${speak(node.body)}`;
      if (node.accent === "angle") return `góc ${speak(node.body)}`;
      return `${speak(node.body)} gạch trên`;
    case "table":
      return node.env === "cases" ? speakSystem(node.rows) : node.rows.map(speakCells).join(", ");
  }
}

function speakFraction(num: MathNode, den: MathNode): string {
  if (isInteger(num) && isInteger(den)) return `${speak(num)} phần ${speak(den)}`;
  if (isSimple(num) && isSimple(den)) return `${speak(num)} trên ${speak(den)}`;
  return `phân số có tử số ${speak(num)}, mẫu số ${speak(den)}, hết phân số`;
}

function speakRoot(body: MathNode, index: MathNode | undefined): string {
  const n = index && isInteger(index) ? Number((index as { text: string }).text) : 2;
  const degree = index && !isInteger(index) ? speak(index) : (SMALL_NUMBERS[n] ?? String(n));
  const end = isSimple(body) ? "" : ", hết căn";
  return `căn bậc ${degree} của ${speak(body)}${end}`;
}

/** An exponent: "bình phương", "lập phương", "độ", "mũ n". */
function speakPower(sup: MathNode): string {
  if (isSym(sup, "circ")) return "độ";
  if (isSym(sup, "+")) return "bên phải"; // x → 0⁺
  if (isSym(sup, "-")) return "bên trái";
  if (isSym(sup, "*")) return "sao";
  if (sup.kind === "num" && sup.text === "2") return "bình phương";
  if (sup.kind === "num" && sup.text === "3") return "lập phương";
  return isSimple(sup) ? `mũ ${speak(sup)}` : `mũ ${speak(sup)}, hết mũ`;
}

const PRIMES = ["", "phẩy", "hai phẩy", "ba phẩy"];

function speakScript(node: Script): string {
  const { base, sub, sup, primes } = node;
  if (base.kind === "fn") return speakFunction(base.text, sub, sup);
  if (base.kind === "fence" && base.open === "." && base.close === "|") {
    // [F(x)] from a to b: the value of an antiderivative between the bounds
    const bounds = sub && sup ? `cận từ ${speak(sub)} đến ${speak(sup)}` : `tại ${speak((sub ?? sup)!)}`;
    return `${speak(base.body)}, ${bounds}`;
  }
  if (base.kind === "set" && isSym(sup, "*") && !sub) return `${speak(base)} khác 0`;
  const words = [speak(base)];
  // |x|³: the power is on the absolute value, not on x
  if (base.kind === "fence" && base.open === "|" && isSimple(base)) words.push(", hết giá trị tuyệt đối");
  if (primes) words.push(PRIMES[primes] ?? `${primes} phẩy`);
  if (sub) {
    const plain = items(sub).every((n) => n.kind === "id" || n.kind === "num");
    words.push(plain ? speak(sub) : `chỉ số ${speak(sub)}, hết chỉ số`);
  }
  if (sup) words.push(speakPower(sup));
  return words.filter(Boolean).join(" ");
}

/** Named functions and large operators, with their scripts: bounds, a base, a condition. */
function speakFunction(name: string, sub?: MathNode, sup?: MathNode): string {
  const range = (only: string) =>
    sub && sup ? ` từ ${speak(sub)} đến ${speak(sup)}` : sub ? ` ${only} ${speak(sub)}` : "";
  switch (name) {
    case "int":
    case "iint":
    case "iiint":
    case "oint":
      return `tích phân${range("trên")} của`;
    case "sum":
      return `tổng${range("theo")} của`;
    case "prod":
      return `tích${range("theo")} của`;
    case "lim":
      return sub ? `giới hạn khi ${speak(sub)} của` : "giới hạn của";
    case "max":
    case "min": {
      const what = name === "max" ? "giá trị lớn nhất" : "giá trị nhỏ nhất";
      return sub ? `${what} trên ${speak(sub, true)} của` : `${what} của`;
    }
    case "log":
      return `lôgarit ${sub ? `cơ số ${speak(sub)}` : "thập phân"}${sup ? ` ${speakPower(sup)}` : ""} của`;
    case "lg":
      return "lôgarit thập phân của";
    case "ln":
      return `lôgarit tự nhiên${sup ? ` ${speakPower(sup)}` : ""} của`;
  }
  const word = FUNCTIONS[name] ?? name;
  return [word, sub ? speak(sub) : "", sup ? speakPower(sup) : ""].filter(Boolean).join(" ");
}

function speakCells(cells: MathNode[]): string {
  return cells
    .map((cell) => speak(cell))
    .filter(Boolean)
    .join(" ");
}

/** A system (a brace before rows): "hệ gồm A và B". */
function speakSystem(rows: MathNode[][]): string {
  return `hệ gồm ${list(rows.map(speakCells))}`;
}

function speakFence(fence: Fence, intervalHint: boolean): string {
  const { open, close, body } = fence;
  const table = body.kind === "table" ? body : undefined;
  if (open === "|") {
    const end = close === "|" && !isSimple(body) ? ", hết giá trị tuyệt đối" : "";
    return `giá trị tuyệt đối của ${speak(body)}${end}`;
  }
  if (open === "{" && table) return speakSystem(table.rows);
  if (open === "[" && close === "." && table) return table.rows.map(speakCells).join(" hoặc ");
  if (open === "{") return speakSet(body);
  const ends = parts(body);
  const interval =
    (open === "(" || open === "[") &&
    (close === ")" || close === "]") &&
    ends.length === 2 &&
    (open === "[" || close === "]" || intervalHint || hasInfinity(body));
  if (interval) {
    const kind =
      open === "(" && close === ")" ? "khoảng" : open === "[" && close === "]" ? "đoạn" : "nửa khoảng";
    return `${kind} từ ${speakRow(ends[0]!)} đến ${speakRow(ends[1]!)}`;
  }
  if (open === "." || open === "") return speak(body);
  const [opening, closing] =
    open === "[" ? ["mở ngoặc vuông", "đóng ngoặc vuông"] : ["mở ngoặc", "đóng ngoặc"];
  return [opening, speak(body), close ? closing : ""].filter(Boolean).join(" ");
}

/** `\{...\}`: "tập rỗng", "tập hợp gồm 1, 2, 3", "tập hợp các x ... sao cho ...". */
function speakSet(body: MathNode): string {
  const list = items(body);
  const bar = list.findIndex((n) => isSym(n, "mid") || isSym(n, ":"));
  if (bar > 0) return `tập hợp các ${speakRow(list.slice(0, bar))} sao cho ${speakRow(list.slice(bar + 1))}`;
  const elements = parts(body);
  if (elements.length === 0) return "tập rỗng";
  return `tập hợp gồm ${elements.map((element) => speakRow(element)).join(", ")}`;
}

/** The Vietnamese spoken text of `latex` (the text between `$...$`), e.g. `\sqrt{5}` →
 * "căn bậc hai của 5", `\sqrt[3]{-27}` → "căn bậc ba của âm 27". Never throws; `""` only for
 * an empty formula. */
export function speakVietnamese(latex: string): string {
  return speak(parseLatex(latex))
    .replace(/\s+/g, " ")
    .replace(/ ,/g, ",")
    .replace(/,(\s*,)+/g, ",")
    .replace(/^[\s,]+|[\s,]+$/g, "");
}
