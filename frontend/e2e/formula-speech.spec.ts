import { expect, test, type Page } from "@playwright/test";

import { expectNoViolations, login, resize, shot } from "./helpers";

/** Formulas a screen reader can read (issue 39 item 4, decision 0053), in Chromium's own
 * accessibility tree: on the test page every formula is one `math` node named by its spoken text
 * in the page's language ("căn bậc hai của 5", "the square root of 5"), and every option is named
 * by that text, never by LaTeX, without a second copy of the formula; √5 and 5 are told apart.
 * axe finds nothing at 1280 and 390 px; a picture of each language and width.
 *
 * The educator admin gives hocsinh07@demo.vn (used by no other spec) the demo practice test
 * "Luyện tập Toán 9 - Căn thức" (its open batch), whose eight questions (seed 909) hold the
 * formulas of `SPEECH`; the learner starts it without the camera through the API. Nothing else
 * of the shared database changes. */
const EDUCATOR = "educator.admin@demo.vn";
const LEARNER = "hocsinh07@demo.vn";
const PRACTICE = "Luyện tập Toán 9 - Căn thức";
const QUESTIONS = 8;

/** The practice test's formulas: their LaTeX, and their spoken text in Vietnamese and English. */
const SPEECH: Record<string, { vi: string; en: string }> = {
  "\\sqrt{2x - 6}": { vi: "căn bậc hai của 2 x trừ 6, hết căn", en: "the square root of 2 x minus 6" },
  "x > 3": { vi: "x lớn hơn 3", en: "x is greater than 3" },
  "x \\ge 3": { vi: "x lớn hơn hoặc bằng 3", en: "x is greater than or equal to 3" },
  "x \\le 3": { vi: "x nhỏ hơn hoặc bằng 3", en: "x is less than or equal to 3" },
  "x \\ge -3": { vi: "x lớn hơn hoặc bằng âm 3", en: "x is greater than or equal to negative 3" },
  "25": { vi: "25", en: "25" },
  "5": { vi: "5", en: "5" },
  "-5": { vi: "âm 5", en: "negative 5" },
  "\\sqrt{5}": { vi: "căn bậc hai của 5", en: "the square root of 5" },
  "\\sqrt[3]{-27}": { vi: "căn bậc ba của âm 27", en: "the cube root of negative 27" },
  "3": { vi: "3", en: "3" },
  "9": { vi: "9", en: "9" },
  "-3": { vi: "âm 3", en: "negative 3" },
  "\\sqrt{12} + \\sqrt{27} - \\sqrt{48}": {
    vi: "căn bậc hai của 12 cộng căn bậc hai của 27 trừ căn bậc hai của 48",
    en: "the square root of 12 plus the square root of 27 minus the square root of 48",
  },
  "2\\sqrt{3}": { vi: "2 căn bậc hai của 3", en: "2 the square root of 3" },
  "-\\sqrt{3}": { vi: "trừ căn bậc hai của 3", en: "the negative square root of 3" },
  "9\\sqrt{3}": { vi: "9 căn bậc hai của 3", en: "9 the square root of 3" },
  "\\sqrt{3}": { vi: "căn bậc hai của 3", en: "the square root of 3" },
  "A = \\sqrt{18} \\cdot \\sqrt{2} - \\sqrt[3]{125}": {
    vi: "A bằng căn bậc hai của 18 nhân căn bậc hai của 2 trừ căn bậc ba của 125",
    en: "A equals the square root of 18 times the square root of 2 minus the cube root of 125",
  },
  "\\sqrt{(3 - \\sqrt{10})^2}": {
    vi: "căn bậc hai của mở ngoặc 3 trừ căn bậc hai của 10 đóng ngoặc bình phương, hết căn",
    en: "the square root of open paren 3 minus the square root of 10 close paren squared",
  },
  "3 - \\sqrt{10}": { vi: "3 trừ căn bậc hai của 10", en: "3 minus the square root of 10" },
  "3 + \\sqrt{10}": { vi: "3 cộng căn bậc hai của 10", en: "3 plus the square root of 10" },
  "\\sqrt{10} - 3": { vi: "căn bậc hai của 10 trừ 3", en: "the square root of 10 minus 3" },
  "-3 - \\sqrt{10}": { vi: "âm 3 trừ căn bậc hai của 10", en: "negative 3 minus the square root of 10" },
  "\\sqrt[3]{-64} = -4": {
    vi: "căn bậc ba của âm 64 bằng âm 4",
    en: "the cube root of negative 64 equals negative 4",
  },
  "A = \\dfrac{\\sqrt{x} + 1}{\\sqrt{x} - 2} + \\dfrac{2\\sqrt{x}}{\\sqrt{x} + 2} + \\dfrac{2 + 5\\sqrt{x}}{4 - x}":
    {
      vi:
        "A bằng phân số có tử số căn bậc hai của x cộng 1, mẫu số căn bậc hai của x trừ 2, hết phân số " +
        "cộng phân số có tử số 2 căn bậc hai của x, mẫu số căn bậc hai của x cộng 2, hết phân số " +
        "cộng phân số có tử số 2 cộng 5 căn bậc hai của x, mẫu số 4 trừ x, hết phân số",
      en:
        "A equals the fraction with numerator the square root of x plus 1 and denominator the square root of x minus 2 " +
        "plus the fraction with numerator 2 the square root of x and denominator the square root of x plus 2 " +
        "plus the fraction with numerator 2 plus 5 the square root of x and denominator 4 minus x",
    },
  "x \\ge 0": { vi: "x lớn hơn hoặc bằng 0", en: "x is greater than or equal to 0" },
  "x \\ne 4": { vi: "x khác 4", en: "x is not equal to 4" },
  A: { vi: "A", en: "A" },
  x: { vi: "x", en: "x" },
  "A = 2": { vi: "A bằng 2", en: "A equals 2" },
  "A < 3": { vi: "A nhỏ hơn 3", en: "A is less than 3" },
};

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === "csrftoken")?.value ?? "";
}

async function call<T>(page: Page, method: "get" | "post", path: string, data?: unknown) {
  const response = await page.request[method](path, { data, headers: { "X-CSRFToken": await csrf(page) } });
  return { status: response.status(), body: (await response.json()) as { data: T; code?: string } };
}

/** The practice test's open batch given to the learner (once), started without the camera (once);
 * returns the enrollment's id. */
async function setUp(page: Page): Promise<number> {
  await login(page, EDUCATOR);
  const search = encodeURIComponent(PRACTICE);
  const presets = await call<{ items: { id: number; name: string }[] }>(
    page,
    "get",
    `/api/v1/test-presets?search=${search}`,
  );
  const preset = presets.body.data.items.find((p) => p.name === PRACTICE)!;
  const detail = await call<{ batches: { id: number; name: string }[] }>(
    page,
    "get",
    `/api/v1/test-presets/${preset.id}`,
  );
  const batch = detail.body.data.batches.find((b) => b.name.startsWith("Ca mở"))!;
  const learners = await call<{ items: { id: number; email: string }[] }>(
    page,
    "get",
    `/api/v1/users/profile/list?role=LEARNER&search=${LEARNER}`,
  );
  const learner = learners.body.data.items.find((l) => l.email === LEARNER)!;
  const assigned = await call(page, "post", "/api/v1/assignments", {
    preset_id: preset.id,
    batch_id: batch.id,
    learner_profile_ids: [learner.id],
  });
  expect(assigned.status === 201 || assigned.body.code === "already_assigned", JSON.stringify(assigned)).toBe(
    true,
  );
  await page.context().clearCookies();
  await login(page, LEARNER);
  const mine = await call<{ items: { enrollment_id: number; preset_name: string }[] }>(
    page,
    "get",
    `/api/v1/assignment-users/my-list?search=${search}`,
  );
  const enrollment = mine.body.data.items.find((i) => i.preset_name === PRACTICE)!.enrollment_id;
  if ((await page.request.get(`/api/v1/take-test/${enrollment}/attempt`)).status() === 404) {
    const started = await call(page, "post", `/api/v1/take-test/${enrollment}/start`, { no_camera: true });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
  }
  return enrollment;
}

type AXNode = { role?: { value?: string }; name?: { value?: string }; ignored?: boolean };

/** The names of Chromium's accessibility nodes of `role` on the page (its own tree, over CDP). */
async function axNames(page: Page, role: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
  await cdp.detach();
  return nodes.filter((n) => !n.ignored && n.role?.value === role).map((n) => n.name?.value ?? "");
}

const heading = (n: number) => new RegExp(`^(Câu ${n}/${QUESTIONS}|Question ${n} of ${QUESTIONS})`);

test("the test page's formulas are spoken in the page's language and name the options", async ({ page }) => {
  test.setTimeout(240_000);
  const enrollment = await setUp(page);
  for (const lang of ["vi", "en"] as const) {
    await page.evaluate((value) => window.localStorage.setItem("lang", value), lang);
    await page.goto(`/take-test/${enrollment}`);
    const grid = page.getByRole("navigation", { name: /^(Danh sách câu hỏi|Questions)$/ });
    for (let n = 1; n <= QUESTIONS; n += 1) {
      await grid.getByRole("button", { name: new RegExp(`^(Câu|Question) ${n}:`) }).click();
      await expect(page.getByRole("heading", { level: 2, name: heading(n) })).toBeVisible();
      const article = page.getByRole("article");
      // the formulas rendered (a text stays as stored until KaTeX and its speech came, so the
      // count below would pass on a text not yet rendered), then every one labelled (English
      // speech fills in over a few idle moments)
      await expect(article).not.toContainText("$", { timeout: 30_000 }); // no formula left as stored
      await expect(article.locator(".katex:not([role=math])")).toHaveCount(0, { timeout: 15_000 });
      const sources = await article
        .locator(".katex annotation")
        .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ""));
      expect(sources.length, `question ${n} has formulas`).toBeGreaterThan(0);
      const expected = sources.map((source) => SPEECH[source]?.[lang] ?? `(no speech listed for ${source})`);
      // Chromium's tree: one math node per formula, named by its speech in the page's language
      expect((await axNames(page, "math")).sort()).toEqual([...expected].sort());
      // each option is named by its formula's speech alone, or by its text when it has no
      // formula: never LaTeX, no second copy of the formula
      const labels = await article
        .locator("label:has(input[type=radio], input[type=checkbox])")
        .evaluateAll((nodes) =>
          nodes.map((node) => ({
            source: node.querySelector(".katex annotation")?.textContent ?? null,
            text: node.textContent?.trim() ?? "",
          })),
        );
      const options = [...(await axNames(page, "radio")), ...(await axNames(page, "checkbox"))];
      expect(options).toEqual(
        labels.map(({ source, text }) => (source === null ? text : SPEECH[source]?.[lang])),
      );
      if (n === 2) {
        // the multiple-choice question with √5 and 5 among its options
        const [root, five] = lang === "vi" ? ["căn bậc hai của 5", "5"] : ["the square root of 5", "5"];
        expect(options).toContain(root);
        expect(options).toContain(five);
      }
    }
    for (const n of [1, 2]) {
      await grid.getByRole("button", { name: new RegExp(`^(Câu|Question) ${n}:`) }).click();
      await expect(page.getByRole("article").locator(".katex:not([role=math])")).toHaveCount(0);
      for (const width of [1280, 390]) {
        await resize(page, width);
        await expectNoViolations(page);
        if (n === 2) await shot(page, `formula-speech-${lang}-${width}`);
      }
      await resize(page, 1280);
    }
  }
});
