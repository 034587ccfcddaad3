import { describe, expect, it } from "vitest";

import type { MessageId } from "@/lib/intl";
import vi from "@/locales/vi.json";

import { PRESET } from "../testing/fixtures";
import {
  blueprintSignature,
  blueprintTotal,
  EMPTY_PRESET,
  partPoints,
  partsMaxScore,
  presetSchema,
  presetToValues,
  toPresetInput,
  type PresetValues,
} from "./preset-schema";

const t = (id: MessageId, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [k, v]) => text.replace(`{${k}}`, String(v)), vi[id] as string);

const valid: PresetValues = {
  ...EMPTY_PRESET,
  name: "Toán 9",
  grade: "9",
  duration_minutes: "45",
  starts_at: "2026-12-01T08:00",
  ends_at: "2026-12-20T08:00",
  round_id: "5",
  subjects: [{ subject_id: "1", items: [{ cluster_id: "10", complexity_level_id: "__none", count: "4" }] }],
};

function errors(values: PresetValues, sharedMax: number | null = null): Record<string, string> {
  const result = presetSchema(t, sharedMax).safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("test preset rules (spec §5, same messages as the server)", () => {
  it("accepts a complete preset", () => {
    expect(errors(valid)).toEqual({});
  });

  it("requires name, grade level, duration, end date, subjects and round", () => {
    expect(errors({ ...EMPTY_PRESET, subjects: [] })).toEqual({
      name: "Bắt buộc",
      grade: "Bắt buộc",
      duration_minutes: "Bắt buộc",
      ends_at: "Bắt buộc",
      round_id: "Bắt buộc",
      subjects: "Chọn ít nhất một môn học.",
    });
  });

  it("wants the end after the start", () => {
    expect(errors({ ...valid, ends_at: "2026-12-01T08:00" })).toEqual({
      ends_at: "Ngày kết thúc phải sau ngày bắt đầu.",
    });
    expect(errors({ ...valid, starts_at: "" })).toEqual({}); // the start is optional
  });

  it("wants clusters for every subject, a cluster per row and 1 to 200 questions", () => {
    expect(
      errors({
        ...valid,
        subjects: [
          valid.subjects[0]!,
          { subject_id: "2", items: [] },
          { subject_id: "1", items: [{ cluster_id: "__none", complexity_level_id: "__none", count: "0" }] },
        ],
      }),
    ).toEqual({
      "subjects.1.items": "Chọn các mục ma trận cho môn học này.",
      "subjects.2.subject_id": "Môn học này đã có trong đề.",
      "subjects.2.items.0.cluster_id": "Chọn một chủ đề hoặc chủ đề con.",
      "subjects.2.items.0.count": "Nhập số câu hỏi từ 1 đến 200.",
    });
  });

  it("refuses a repeated attribute key, whatever its case", () => {
    expect(
      errors({
        ...valid,
        attribute_requirements: [
          { key: "province", value: "79" },
          { key: "Province", value: "01" },
        ],
        attribute_outcomes: [{ key: " ", value: "yes" }],
      }),
    ).toEqual({
      "attribute_requirements.1.key": "Khóa này đã được dùng.",
      "attribute_outcomes.0.key": "Bắt buộc",
    });
  });

  it("keeps the passing score within the maximum when it is known", () => {
    const raw: PresetValues = { ...valid, score_scale: "raw" };
    // Per learner, every question scores 1: the maximum is the blueprint's total (4).
    expect(errors({ ...raw, form_mode: "per_learner", passing_score: "5" })).toEqual({
      passing_score: "Điểm đạt cao hơn điểm tối đa (4).",
    });
    // A shared form: known once generated, else left to the server at approval.
    expect(errors({ ...raw, passing_score: "9" }, 8)).toHaveProperty("passing_score");
    expect(errors({ ...raw, passing_score: "9" }, null)).toEqual({});
    expect(errors({ ...raw, passing_score: "-1" })).toEqual({ passing_score: "Nhập điểm từ 0 trở lên." });
  });

  it("puts the pass mark on the reporting scale and checks parts (decision 0056)", () => {
    // Out of 10 (new tests): at most 10, whatever the raw maximum.
    expect(errors({ ...valid, passing_score: "10" }, 4)).toEqual({});
    expect(errors({ ...valid, passing_score: "10.5" })).toEqual({
      passing_score: "Điểm đạt cao hơn điểm tối đa (10).",
    });
    expect(errors({ ...valid, score_scale: "custom", scale_max: "150", passing_score: "120" })).toEqual({});
    expect(errors({ ...valid, score_scale: "custom", scale_max: "1001" })).toEqual({
      scale_max: "Nhập điểm tối đa từ 1 đến 1000.",
    });
    const part = (points: string, count: string, cluster = "10") => ({
      name_vi: "",
      name_en: "",
      question_type: "single_choice",
      points_per_question: points,
      items: [{ subject_id: "1", cluster_id: cluster, complexity_level_id: "__none", count }],
    });
    const parted: PresetValues = {
      ...valid,
      subjects: [{ subject_id: "1", items: [] }],
      parts: [part("0,25", "12"), part("1", "4"), part("0.5", "6")],
    };
    expect(errors(parted)).toEqual({});
    expect(partsMaxScore(parted.parts)).toBe(10);
    // Raw points with parts: the maximum is the parts' sum.
    expect(errors({ ...parted, score_scale: "raw", passing_score: "10.25" })).toEqual({
      passing_score: "Điểm đạt cao hơn điểm tối đa (10).",
    });
    expect(errors({ ...parted, parts: [part("0,125", "0", "__none")] })).toEqual({
      "parts.0.points_per_question": "Nhập điểm mỗi câu từ 0,01 đến 100, tối đa hai chữ số thập phân.",
      "parts.0.items.0.cluster_id": "Chọn một chủ đề hoặc chủ đề con.",
      "parts.0.items.0.count": "Nhập số câu hỏi từ 1 đến 200.",
    });
    expect(partPoints("0,5")).toBe(0.5);
    expect(partPoints("100.01")).toBeNull();
    const input = toPresetInput(parted);
    expect(input.parts[2]).toEqual({
      name_vi: "",
      name_en: "",
      question_type: "single_choice",
      points_per_question: 0.5,
      items: [{ subject_id: 1, cluster_id: 10, complexity_level_id: null, count: 6 }],
    });
    expect([input.score_scale, input.scale_max]).toEqual(["ten", null]);
  });

  it("turns the form into the API payload and back", () => {
    const payload = toPresetInput({
      ...valid,
      required_round_id: "__none",
      survey_ids: [3, 3],
      attribute_outcomes: [{ key: " scholarship ", value: "yes" }],
    });
    expect(payload).toMatchObject({
      name: "Toán 9",
      grade: 9,
      duration_minutes: 45,
      round_id: 5,
      required_round_id: null,
      passing_score: null,
      survey_ids: [3],
      subjects: [{ subject_id: 1, items: [{ cluster_id: 10, complexity_level_id: null, count: 4 }] }],
      attribute_outcomes: [{ key: "scholarship", value: "yes" }],
    });
    expect(payload.ends_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const back = presetToValues(PRESET);
    expect(back.subjects).toEqual([
      { subject_id: "1", items: [{ cluster_id: "10", complexity_level_id: "30", count: "4" }] },
    ]);
    expect(blueprintTotal(back)).toBe(4);
    expect(blueprintSignature(back)).toBe(blueprintSignature(presetToValues(PRESET)));
  });
});
