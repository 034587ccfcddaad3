/** The spoken text of formulas in both languages (issue 39 item 4, decision 0053): Vietnamese
 * from our rule set, English from Speech Rule Engine's ClearSpeak with our amendments. */
import "@/testing/xpath"; // English speech as Chromium reads it

import { describe, expect, it } from "vitest";

import { speak } from "./index";
import { parseLatex } from "./latex";

/** [LaTeX, Vietnamese, English]. */
const FORMULAS: [string, string, string][] = [
  // roots
  [String.raw`\sqrt{5}`, "căn bậc hai của 5", "the square root of 5"],
  ["5", "5", "5"],
  [String.raw`\sqrt[3]{-27}`, "căn bậc ba của âm 27", "the cube root of negative 27"],
  [String.raw`\sqrt{x+1}`, "căn bậc hai của x cộng 1, hết căn", "the square root of x plus 1"],
  [String.raw`\sqrt[4]{16}`, "căn bậc bốn của 16", "the fourth root of 16"],
  [String.raw`2\sqrt{3}`, "2 căn bậc hai của 3", "2 the square root of 3"],
  [String.raw`-\sqrt{3}`, "trừ căn bậc hai của 3", "the negative square root of 3"],
  // fractions
  [String.raw`\frac{1}{2}`, "1 phần 2", "one half"],
  [String.raw`\frac{a}{b}`, "a trên b", "a over b"],
  [
    String.raw`\dfrac{x+1}{x-1}`,
    "phân số có tử số x cộng 1, mẫu số x trừ 1, hết phân số",
    "the fraction with numerator x plus 1 and denominator x minus 1",
  ],
  [String.raw`-\dfrac{3}{2}`, "âm 3 phần 2", "negative three halves"],
  // powers
  ["x^2", "x bình phương", "x squared"],
  ["x^3", "x lập phương", "x cubed"],
  ["2^{x+1}", "2 mũ x cộng 1, hết mũ", "2 raised to the x plus 1 power"],
  ["x^{-1}", "x mũ âm 1", "x to the negative 1 power"],
  ["(x+1)^2", "mở ngoặc x cộng 1 đóng ngoặc bình phương", "open paren x plus 1 close paren squared"],
  // integrals
  [
    String.raw`\int_0^1 x^2\,dx`,
    "tích phân từ 0 đến 1 của x bình phương d x",
    "the integral from 0 to 1 of x squared d x",
  ],
  [String.raw`\int \cos x \, dx`, "tích phân của côsin x d x", "the integral of cosine x d x"],
  // limits
  [
    String.raw`\lim_{x \to 0} \frac{\sin x}{x}`,
    "giới hạn khi x dần tới 0 của phân số có tử số sin x, mẫu số x, hết phân số",
    "the limit as x approaches 0 of sine x over x",
  ],
  [
    String.raw`\lim_{x \to +\infty} \frac{1}{x} = 0`,
    "giới hạn khi x dần tới dương vô cực của 1 trên x bằng 0",
    "the limit as x approaches positive infinity of 1 over x equals 0",
  ],
  // inequalities
  [String.raw`x \ge 3`, "x lớn hơn hoặc bằng 3", "x is greater than or equal to 3"],
  [
    String.raw`-2 < m \le 4`,
    "âm 2 nhỏ hơn m nhỏ hơn hoặc bằng 4",
    "negative 2 is less than m is less than or equal to 4",
  ],
  [String.raw`a \ne 0`, "a khác 0", "a is not equal to 0"],
  // sets and intervals
  [String.raw`x \in \mathbb{R}`, "x thuộc tập hợp số thực", "x is a member of the real numbers"],
  [
    String.raw`x \in \{0; \pm 3\}`,
    "x thuộc tập hợp gồm 0, cộng trừ 3",
    "x is a member of the set 0 comma plus or minus 3",
  ],
  [String.raw`\{1, 2, 3\}`, "tập hợp gồm 1, 2, 3", "the set 1 comma 2 comma 3"],
  [
    String.raw`\{x \in \mathbb{R} \mid x > 0\}`,
    "tập hợp các x thuộc tập hợp số thực sao cho x lớn hơn 0",
    "the set of all x in the real numbers such that x is greater than 0",
  ],
  [String.raw`A \cup B = \varnothing`, "A hợp B bằng tập rỗng", "A union B equals empty set"],
  [String.raw`A \cap B \subset C`, "A giao B là tập con của C", "A intersection B subset of C"],
  [
    String.raw`x \in (0; +\infty)`,
    "x thuộc khoảng từ 0 đến dương vô cực",
    "x is a member of open paren 0 comma positive infinity close paren",
  ],
  ["[0; 2]", "đoạn từ 0 đến 2", "open bracket 0 comma 2 close bracket"],
  ["[0; 2)", "nửa khoảng từ 0 đến 2", "open bracket 0 comma 2 close paren"],
  ["A(2; 8)", "A mở ngoặc 2 chấm phẩy 8 đóng ngoặc", "A of open paren 2 comma 8 close paren"],
  // vectors, angles, geometry
  [String.raw`\vec{AB}`, "vectơ A B", "vector A B"],
  [
    String.raw`\overrightarrow{AB} + \overrightarrow{BC} = \overrightarrow{AC}`,
    "vectơ A B cộng vectơ B C bằng vectơ A C",
    "vector A B plus vector B C equals vector A C",
  ],
  [String.raw`\vec{u} \cdot \vec{v} = 0`, "vectơ u nhân vectơ v bằng 0", "vector u times vector v equals 0"],
  [String.raw`\widehat{ABC} = 90^\circ`, "góc A B C bằng 90 độ", "angle A B C equals 90 degrees"],
  [String.raw`\Delta ABC`, "tam giác A B C", "triangle A B C"],
  [String.raw`AB \perp CD`, "A B vuông góc với C D", "A B perpendicular to C D"],
  // trigonometry, logarithms, absolute value, sums
  [
    String.raw`\sin^2\alpha + \cos^2\alpha = 1`,
    "sin bình phương anpha cộng côsin bình phương anpha bằng 1",
    "sine squared alpha plus cosine squared alpha equals 1",
  ],
  [
    String.raw`\tan 60^\circ = \sqrt{3}`,
    "tang 60 độ bằng căn bậc hai của 3",
    "tangent 60 degrees equals the square root of 3",
  ],
  [String.raw`\log_2 8 = 3`, "lôgarit cơ số 2 của 8 bằng 3", "the log base 2 of 8 equals 3"],
  [String.raw`\ln x`, "lôgarit tự nhiên của x", "natural log x"],
  ["|x - 1|", "giá trị tuyệt đối của x trừ 1, hết giá trị tuyệt đối", "the absolute value of x minus 1"],
  [String.raw`\sum_{i=1}^{n} i`, "tổng từ i bằng 1 đến n của i", "the sum from i equals 1 to n of i"],
  // functions, derivatives, equations, systems
  ["f'(x) = 3x^2 - 3", "f phẩy của x bằng 3 x bình phương trừ 3", "f prime of x equals 3 x squared minus 3"],
  [
    String.raw`\Delta = b^2 - 4ac`,
    "đenta bằng b bình phương trừ 4 a c",
    "Delta equals b squared minus 4 a c",
  ],
  ["y = 2x + 3", "y bằng 2 x cộng 3", "y equals 2 x plus 3"],
  [String.raw`x = \pm 2`, "x bằng cộng trừ 2", "x equals plus or minus 2"],
  [
    String.raw`\begin{cases} x + y = 3 \\ x - y = 1 \end{cases}`,
    "hệ gồm x cộng y bằng 3 và x trừ y bằng 1",
    "2 cases Case 1: x plus y equals 3 Case 2: x minus y equals 1",
  ],
];

describe("spoken text of formulas (decision 0053)", () => {
  it.each(FORMULAS)("%s in Vietnamese", async (latex, vi) => {
    expect(await speak(latex, "vi")).toBe(vi);
  });

  it.each(FORMULAS)(
    "%s in English",
    async (latex, _vi, en) => {
      expect(await speak(latex, "en")).toBe(en);
    },
    30_000,
  );

  it("tells √5 from 5 in both languages (the defect of issue 39 item 4)", async () => {
    expect(await speak(String.raw`\sqrt{5}`, "vi")).not.toBe(await speak("5", "vi"));
    expect(await speak(String.raw`\sqrt{5}`, "en")).not.toBe(await speak("5", "en"));
  }, 30_000);
});

describe("Vietnamese reading of Vietnamese notation", () => {
  it.each([
    [String.raw`24{,}5`, "24 phẩy 5"],
    ["0,5", "0 phẩy 5"],
    [String.raw`180^\circ`, "180 độ"],
    [String.raw`y = |x|^3`, "y bằng giá trị tuyệt đối của x, hết giá trị tuyệt đối lập phương"],
    [String.raw`\mathbb{N}^*`, "tập hợp số tự nhiên khác 0"],
    [String.raw`\lim_{x \to 0^+} \frac{1}{x}`, "giới hạn khi x dần tới 0 bên phải của 1 trên x"],
    [String.raw`\max_{[0; 2]} f(x) = 4`, "giá trị lớn nhất trên đoạn từ 0 đến 2 của f của x bằng 4"],
    [String.raw`\left. x^2 \right|_0^1`, "x bình phương, cận từ 0 đến 1"],
    [String.raw`\left\{\begin{array}{l} x = 1 \\ y = 2 \end{array}\right.`, "hệ gồm x bằng 1 và y bằng 2"],
    [String.raw`\left[\begin{array}{l} x = 1 \\ x = 2 \end{array}\right.`, "x bằng 1 hoặc x bằng 2"],
    [String.raw`\binom{5}{2}`, "tổ hợp chập 2 của 5"],
    ["(P): y = x^2", "mở ngoặc P đóng ngoặc hai chấm y bằng x bình phương"],
    [String.raw`V(x) = x(12 - 2x)^2`, "V của x bằng x mở ngoặc 12 trừ 2 x đóng ngoặc bình phương"],
    [String.raw`50\%`, "50 phần trăm"],
  ])("%s", async (latex, vi) => {
    expect(await speak(latex, "vi")).toBe(vi);
  });

  it("never fails: unknown commands are read by name, unclosed groups as far as they go", async () => {
    expect(await speak(String.raw`\foo{x} + \frac{1}{2`, "vi")).toBe("foo x cộng 1 phần 2");
    expect(await speak(String.raw`\sqrt{(x`, "vi")).toBe("căn bậc hai của mở ngoặc x, hết căn");
    expect(await speak("", "vi")).toBe("");
    expect(parseLatex(String.raw`x^23`)).toEqual({
      kind: "row",
      items: [
        { kind: "script", base: { kind: "id", text: "x" }, sup: { kind: "num", text: "2" }, primes: 0 },
        { kind: "num", text: "3" },
      ],
    });
  });

  it("has no English for a formula KaTeX cannot parse (it shows as typed)", async () => {
    expect(await speak(String.raw`\frac{1}{2`, "en")).toBe("");
  }, 30_000);
});
