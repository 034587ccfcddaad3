/** An essay test made and taken through the API, for the specs about grading (grading.spec.ts,
 * educator-loop.spec.ts): the educator makes it, a learner submits it, answers wait for a score. */
import { type Page } from "@playwright/test";

import { call, get, login } from "./helpers";

export { get };

/** An approved preset of two recognition questions and one essay (grade-9 demo bank), results
 * released by hand, a batch open since an hour, assigned to `learner` (an e-mail). The page is
 * signed in as an educator. Returns the preset's name and id and the batch id. */
export async function makeEssayTest(
  page: Page,
  stamp: number,
  learner: string,
): Promise<{ name: string; presetId: number; batchId: number }> {
  const hour = 3_600_000;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString();
  const subjects = await get<{ id: number; code: string }[]>(page, "/api/v1/subjects");
  const clusters = await get<{ id: number; code: string; type: string }[]>(page, "/api/v1/matrix-clusters");
  const cluster = (type: string, code: string) =>
    clusters.find((c) => c.type === type && c.code === code)!.id;
  const round = await call<{ id: number }>(page, "post", "/api/v1/rounds", {
    name: `Vòng tự luận E2E ${stamp}`,
    starts_at: at(-24 * hour),
    expires_at: at(30 * 24 * hour),
    passed_message_vi: "Chúc mừng! Em đã đạt.",
    passed_message_en: "Congratulations! You passed.",
    failed_message_vi: "Em chưa đạt.",
    failed_message_en: "You did not pass.",
  });
  const name = `Tự luận Toán 9 — E2E ${stamp}`;
  const preset = await call<{ id: number }>(page, "post", "/api/v1/test-presets", {
    name,
    description: "Hai câu nhận biết và một câu tự luận.",
    grade: 9,
    duration_minutes: 30,
    starts_at: at(-24 * hour),
    ends_at: at(20 * 24 * hour),
    passing_score: 1,
    auto_release_result: false,
    camera_proctoring: true,
    allow_no_camera: true,
    round_id: round.id,
    subjects: [
      {
        subject_id: subjects.find((s) => s.code === "toan")!.id,
        items: [
          {
            cluster_id: cluster("topic", "T9-DS"),
            complexity_level_id: cluster("complexity_level", "NB"),
            count: 2,
          },
          {
            cluster_id: cluster("topic", "T9-DS"),
            complexity_level_id: cluster("complexity_level", "VD"),
            count: 1,
          },
        ],
      },
    ],
  });
  await call(page, "post", `/api/v1/test-presets/${preset.id}/generate`, { seed: stamp });
  const batch = await call<{ id: number }>(page, "post", `/api/v1/test-presets/${preset.id}/batches`, {
    name: `Ca tự luận ${stamp}`,
    starts_at: at(-hour),
    expires_at: at(3 * hour),
    slots: 5,
  });
  await call(page, "post", `/api/v1/test-presets/${preset.id}/approve`, { comment: "E2E" });
  const learners = await get<{ items: { id: number; email: string }[] }>(page, "/api/v1/users/profile/list", {
    search: learner,
    role: "LEARNER",
  });
  const profile = learners.items.find((l) => l.email === learner)!;
  await call(page, "post", "/api/v1/assignments", {
    preset_id: preset.id,
    batch_id: batch.id,
    learner_profile_ids: [profile.id],
  });
  return { name, presetId: preset.id, batchId: batch.id };
}

interface Question {
  id: number;
  type: string;
  options: { id: string }[];
}

/** `learner` signs in (the page's cookies are cleared before and after) and takes the test
 * through the API: the first option of choice questions, `essay` for texts; then submits.
 * Returns the enrollment id. */
export async function takeAsLearner(
  page: Page,
  learner: string,
  testName: string,
  essay: string,
): Promise<number> {
  await page.context().clearCookies();
  await login(page, learner);
  const mine = await get<{ items: { enrollment_id: number; preset_name: string }[] }>(
    page,
    "/api/v1/assignment-users/my-list",
    { search: testName },
  );
  const enrollment = mine.items.find((i) => i.preset_name === testName)!.enrollment_id;
  const started = await call<{ device_token: string }>(
    page,
    "post",
    `/api/v1/take-test/${enrollment}/start`,
    {
      no_camera: true,
    },
  );
  const headers = { "X-Device-Token": started.device_token };
  const attempt = await get<{ questions: Question[] }>(page, `/api/v1/take-test/${enrollment}/attempt`);
  let seq = 1;
  for (const q of attempt.questions) {
    const answer =
      q.type === "essay" || q.type === "short_text"
        ? { text: essay }
        : q.type === "true_false"
          ? { value: true }
          : q.type === "multiple_choice"
            ? { options: [q.options[0]!.id] }
            : { option: q.options[0]!.id };
    await call(
      page,
      "put",
      `/api/v1/take-test/${enrollment}/answers/${q.id}`,
      { answer, seq: seq++ },
      headers,
    );
  }
  await call(page, "post", `/api/v1/take-test/${enrollment}/submit`, {}, headers);
  await page.context().clearCookies();
  return enrollment;
}
