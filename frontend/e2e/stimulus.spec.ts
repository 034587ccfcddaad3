import { expect, test, type Page } from "@playwright/test";

import { login, reloadIn, resize, settled, shot } from "./helpers";

/** A shared stimulus (issue 39, item 1; decision 0054) end to end: the educator admin writes a
 * figure with a formula and a table, three questions that refer to it, has a colleague vet the
 * group and publishes it; a preset draws the group with one question alone before it; the learner
 * reads the figure beside the questions (1280 px) or above them (390 px), in both languages. */
const EDUCATOR = "educator.admin@demo.vn";
const REVIEWER = "educator@demo.vn";
const LEARNER = "hocsinh13@demo.vn";
const HOUR = 3_600_000;

async function csrf(page: Page): Promise<string> {
  let cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  if (!cookie) {
    await page.request.get("/public/api/auth/csrf");
    cookie = (await page.context().cookies()).find((c) => c.name === "csrftoken");
  }
  return cookie?.value ?? "";
}

async function call<T>(page: Page, method: "POST" | "PUT", path: string, data: unknown = {}): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { "X-CSRFToken": await csrf(page) },
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()).data as T;
}

async function get<T>(page: Page, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const response = await page.request.get(path, { params });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()).data as T;
}

/** A bar chart drawn in the page as a PNG, uploaded as a question image: the stimulus' figure. */
async function uploadFigure(page: Page): Promise<string> {
  const png = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 480;
    canvas.height = 240;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, 480, 240);
    g.strokeStyle = "#334155";
    g.beginPath();
    g.moveTo(40, 10);
    g.lineTo(40, 210);
    g.lineTo(470, 210);
    g.stroke();
    const values = [120, 160, 90, 190, 140];
    values.forEach((v, i) => {
      g.fillStyle = "#1d4ed8";
      g.fillRect(70 + i * 80, 210 - v, 48, v);
      g.fillStyle = "#0f172a";
      g.font = "14px sans-serif";
      g.fillText(`T${i + 1}`, 82 + i * 80, 228);
    });
    return canvas.toDataURL("image/png").split(",")[1]!;
  });
  const response = await page.request.post("/api/v1/questions/images", {
    multipart: { file: { name: "figure.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") } },
    headers: { "X-CSRFToken": await csrf(page) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).data.url as string;
}

interface Ids {
  stimulusId: number;
  presetId: number;
  testName: string;
}

async function setUp(page: Page, stamp: number): Promise<Ids> {
  await login(page, EDUCATOR);
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const subjects = await get<{ id: number; code: string }[]>(page, "/api/v1/subjects");
  const toan = subjects.find((s) => s.code === "toan")!.id;
  const clusters = await get<{ id: number; code: string; type: string }[]>(page, "/api/v1/matrix-clusters");
  const cluster = (type: string, code: string) =>
    clusters.find((c) => c.type === type && c.code === code)!.id;
  const topic = await call<{ id: number }>(page, "POST", "/api/v1/matrix-clusters", {
    code: `HS-${stamp}`,
    description: "Đọc đồ thị (Reading graphs)",
    type: "topic",
  });
  const subtopic = await call<{ id: number }>(page, "POST", "/api/v1/matrix-clusters", {
    code: `HS-${stamp}a`,
    description: "Biểu đồ cột (Bar charts)",
    type: "subtopic",
    parent_id: topic.id,
  });
  const bank = await call<{ id: number }>(page, "POST", "/api/v1/question-banks", {
    name: `Đề thi thử ${stamp}`,
  });
  const figure = await uploadFigure(page);
  const table =
    "<table><thead><tr><th>Tháng</th><th>T1</th><th>T2</th><th>T3</th><th>T4</th><th>T5</th></tr></thead>" +
    "<tbody><tr><td>Lượng mưa (mm)</td><td>120</td><td>160</td><td>90</td><td>190</td><td>140</td></tr></tbody></table>";
  const stimulus = await call<{ id: number }>(page, "POST", "/api/v1/stimuli", {
    bank_id: bank.id,
    grade: 9,
    subject_id: toan,
    content: {
      title: { vi: "Biểu đồ lượng mưa năm tháng đầu năm", en: "Rainfall in the first five months" },
      body: {
        vi: `<p>Biểu đồ và bảng sau cho biết lượng mưa $x_i$ (mm) của tháng thứ $i$.</p><p><img src="${figure}" alt="Biểu đồ cột lượng mưa từ tháng 1 đến tháng 5"></p>${table}<p>Lượng mưa trung bình: $\\bar{x} = \\dfrac{1}{5}\\sum_{i=1}^{5} x_i$.</p>`,
        en: `<p>The chart and the table give the rainfall $x_i$ (mm) of month $i$.</p><p><img src="${figure}" alt="Bar chart of the rainfall from January to May"></p>${table.replace("Tháng", "Month").replace("Lượng mưa", "Rainfall")}<p>The mean rainfall: $\\bar{x} = \\dfrac{1}{5}\\sum_{i=1}^{5} x_i$.</p>`,
      },
    },
  });
  const matrix = {
    topic_id: topic.id,
    subtopic_id: subtopic.id,
    complexity_level_id: cluster("complexity_level", "NB"),
    cognitive_domain_id: cluster("cognitive_domain", "REM"),
  };
  const questions: [string, string, string[][], string][] = [
    [
      "Tháng nào có lượng mưa lớn nhất?",
      "Which month had the most rain?",
      [
        ["T2", "Feb"],
        ["T4", "Apr"],
        ["T5", "May"],
      ],
      "b",
    ],
    [
      "Lượng mưa trung bình $\\bar{x}$ bằng bao nhiêu?",
      "What is the mean rainfall $\\bar{x}$?",
      [
        ["$140$ mm", "$140$ mm"],
        ["$150$ mm", "$150$ mm"],
        ["$700$ mm", "$700$ mm"],
      ],
      "a",
    ],
    [
      "Có bao nhiêu tháng lượng mưa trên $\\bar{x}$?",
      "How many months had more than $\\bar{x}$?",
      [
        ["$1$", "$1$"],
        ["$2$", "$2$"],
        ["$3$", "$3$"],
      ],
      "b",
    ],
  ];
  for (const [vi, en, options, key] of questions) {
    const q = await call<{ id: number }>(page, "POST", "/api/v1/questions", {
      bank_id: bank.id,
      stimulus_id: stimulus.id,
      type: "single_choice",
      grade: 9,
      subject_id: toan,
      difficulty: "easy",
      content: {
        stem: { vi, en },
        options: options.map(([ovi, oen], i) => ({ id: "abc"[i], vi: ovi, en: oen })),
        explanation: { vi: "", en: "" },
      },
      answer_key: { option: key },
    });
    await call(page, "PUT", `/api/v1/questions/${q.id}/matrix`, matrix);
  }
  // The test: one question alone (the demo bank), then the group.
  const round = await call<{ id: number }>(page, "POST", "/api/v1/rounds", {
    name: `Vòng ngữ liệu ${stamp}`,
    starts_at: at(-24 * HOUR),
    expires_at: at(30 * 24 * HOUR),
  });
  const testName = `Thi thử Toán 9 có ngữ liệu — ${stamp}`;
  const preset = await call<{ id: number }>(page, "POST", "/api/v1/test-presets", {
    name: testName,
    grade: 9,
    duration_minutes: 30,
    starts_at: at(-24 * HOUR),
    ends_at: at(20 * 24 * HOUR),
    passing_score: 2,
    auto_release_result: true,
    camera_proctoring: false,
    allow_no_camera: true,
    round_id: round.id,
    subjects: [
      {
        subject_id: toan,
        items: [
          {
            cluster_id: cluster("topic", "T9-HH"),
            complexity_level_id: cluster("complexity_level", "NB"),
            count: 1,
          },
          { cluster_id: topic.id, count: 3 },
        ],
      },
    ],
  });
  return { stimulusId: stimulus.id, presetId: preset.id, testName };
}

async function vetAndAssign(page: Page, ids: Ids, stamp: number) {
  const url = `/api/v1/stimuli/${ids.stimulusId}`;
  await call(page, "POST", `${url}/submit`);
  await page.context().clearCookies();
  await login(page, REVIEWER);
  await call(page, "POST", `${url}/approve`, { comment: "" });
  await page.context().clearCookies();
  await login(page, EDUCATOR);
  await call(page, "POST", `${url}/publish`);
  const { presetId } = ids;
  await call(page, "POST", `/api/v1/test-presets/${presetId}/generate`, { seed: stamp });
  const batch = await call<{ id: number }>(page, "POST", `/api/v1/test-presets/${presetId}/batches`, {
    name: `Ca ngữ liệu ${stamp}`,
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    expires_at: new Date(Date.now() + 3 * HOUR).toISOString(),
    slots: 5,
  });
  await call(page, "POST", `/api/v1/test-presets/${presetId}/approve`, { comment: "E2E" });
  const learners = await get<{ items: { id: number; email: string }[] }>(page, "/api/v1/users/profile/list", {
    search: LEARNER,
    role: "LEARNER",
  });
  const learner = learners.items.find((l) => l.email === LEARNER)!;
  await call(page, "POST", "/api/v1/assignments", {
    preset_id: presetId,
    batch_id: batch.id,
    learner_profile_ids: [learner.id],
  });
  await page.context().clearCookies();
}

async function useLanguage(page: Page, lang: "vi" | "en") {
  await reloadIn(page, lang);
  await settled(page);
}

async function both(page: Page, name: string) {
  await resize(page, 1280);
  await settled(page);
  await shot(page, `${name}-1280`);
  await resize(page, 390, 844);
  await settled(page);
  await shot(page, `${name}-390`);
  await resize(page, 1280);
}

test("a shared figure: written with its questions, vetted together, read beside its questions", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now() % 1_000_000;
  const ids = await setUp(page, stamp);

  // The authoring screen: the figure, its formula and table, its three questions in order.
  await page.goto(`/question-bank/stimulus/${ids.stimulusId}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Ngữ liệu #${ids.stimulusId} (phiên bản 1)` }),
  ).toBeVisible();
  const questions = page.getByRole("region", { name: "Các câu hỏi của ngữ liệu" });
  await expect(questions.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("region", { name: "Biểu đồ lượng mưa năm tháng đầu năm" })).toContainText(
    "Lượng mưa (mm)",
  );
  await both(page, "stimulus-authoring-vi");
  await useLanguage(page, "en");
  await expect(
    page.getByRole("heading", { level: 1, name: `Shared stimulus #${ids.stimulusId} (version 1)` }),
  ).toBeVisible();
  await both(page, "stimulus-authoring-en");
  await useLanguage(page, "vi");
  // The folder lists it.
  await page.getByRole("link", { name: "Về ngân hàng câu hỏi" }).click();
  await expect(page.getByRole("region", { name: "Ngữ liệu dùng chung" })).toContainText("3 câu hỏi");
  await both(page, "stimulus-folder-vi");

  await vetAndAssign(page, ids, stamp);

  // The learner: question 1 alone, questions 2–4 on the figure.
  await login(page, LEARNER);
  const list = await get<{ items: { enrollment_id: number; preset_name: string }[] }>(
    page,
    "/api/v1/assignment-users/my-list",
    { search: String(stamp) },
  );
  const enrollment = list.items.find((a) => a.preset_name === ids.testName)!.enrollment_id;
  await call(page, "POST", `/api/v1/take-test/${enrollment}/start`, { no_camera: true });
  await page.goto(`/take-test/${enrollment}`);
  await expect(page.getByRole("heading", { name: /Câu 1\/4/ })).toBeVisible();
  await page.getByRole("button", { name: "Câu sau" }).click();
  await expect(page.getByRole("heading", { name: /Câu 2\/4/ })).toBeVisible();
  const figure = page.getByRole("region", { name: "Biểu đồ lượng mưa năm tháng đầu năm" });
  await expect(figure).toContainText("Câu 2–4");
  await expect(page.getByText("Câu 2–4 dựa vào: Biểu đồ lượng mưa năm tháng đầu năm")).toBeVisible();
  await page.locator("article input[type=radio]").nth(1).check();
  await both(page, "stimulus-test-page-vi");
  await useLanguage(page, "en");
  await page.getByRole("button", { name: "Next" }).click(); // a reload starts at question 1
  await expect(page.getByRole("heading", { name: /Question 2 of 4/ })).toBeVisible();
  await expect(page.getByText("Questions 2–4 refer to: Rainfall in the first five months")).toBeVisible();
  await both(page, "stimulus-test-page-en");
  await page.getByRole("button", { name: "Review" }).first().click();
  await expect(
    page.getByRole("button", { name: "Questions 2–4: Rainfall in the first five months" }),
  ).toBeVisible();
  await both(page, "stimulus-review-en");
});
