/** /question-bank/form/:id/:load? — the question form with a live preview (as the learner will
 * see it), image upload, the matrix picker and the vetting workflow with its history.
 * `id` is "new" (with ?bank=) or a question id; `load` = "copy" starts a new question from it. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ImagePlus, Plus, Trash2 } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router-dom";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, NONE, Select } from "@/components/ui/field";
import { ApiError } from "@/lib/api-client";
import { useAuthorized } from "@/lib/auth/get-authorized";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import {
  attachMatrix,
  createQuestion,
  DIFFICULTIES,
  getQuestion,
  listClusters,
  listSubjects,
  QUESTION_TYPES,
  questionAction,
  questionHistory,
  updateQuestion,
  uploadQuestionImage,
  type Question,
  type QuestionType,
} from "../api/authoring";
import {
  clusterTypeLabel,
  difficultyLabel,
  STATUS_STYLE,
  statusLabel,
  typeLabel,
} from "../components/labels";
import { MathHtml } from "@/components/math-html";

type Lang = "vi" | "en";
type Option = Question["content"]["options"][number];
interface Draft {
  type: QuestionType;
  grade: string;
  subject_id: string;
  difficulty: string;
  score_weight: string;
  stem: Record<Lang, string>;
  explanation: Record<Lang, string>;
  options: Option[];
  correct: string[];
  truth: "" | "true" | "false";
  accepted: string;
  case_sensitive: boolean;
  diacritic_sensitive: boolean;
  rubric: string;
  max_score: string;
}

const LETTERS = "abcdefghij";
const EMPTY: Draft = {
  type: "single_choice",
  grade: NONE,
  subject_id: NONE,
  difficulty: NONE,
  score_weight: "1",
  stem: { vi: "", en: "" },
  explanation: { vi: "", en: "" },
  options: [
    { id: "a", vi: "", en: "" },
    { id: "b", vi: "", en: "" },
  ],
  correct: [],
  truth: "",
  accepted: "",
  case_sensitive: false,
  diacritic_sensitive: false,
  rubric: "",
  max_score: "",
};

function fromQuestion(q: Question): Draft {
  const key = q.answer_key;
  const { stem, explanation, options } = q.content;
  return {
    type: q.type as QuestionType,
    grade: q.grade ? String(q.grade) : NONE,
    subject_id: q.subject_id ? String(q.subject_id) : NONE,
    difficulty: q.difficulty || NONE,
    score_weight: String(q.score_weight),
    stem: { vi: stem.vi, en: stem.en },
    explanation: { vi: explanation.vi, en: explanation.en },
    options: options.length ? options : EMPTY.options,
    correct: "option" in key ? [key.option] : "options" in key ? key.options : [],
    truth: "value" in key ? (key.value ? "true" : "false") : "",
    accepted: "accepted" in key ? key.accepted.join("\n") : "",
    case_sensitive: "case_sensitive" in key && key.case_sensitive,
    diacritic_sensitive: "diacritic_sensitive" in key && key.diacritic_sensitive,
    rubric: "rubric" in key ? key.rubric : "",
    max_score: "max_score" in key && key.max_score ? String(key.max_score) : "",
  };
}

function toPayload(d: Draft) {
  const choice = d.type === "single_choice" || d.type === "multiple_choice";
  const key =
    d.type === "single_choice"
      ? { option: d.correct[0] ?? "" }
      : d.type === "multiple_choice"
        ? { options: d.correct }
        : d.type === "true_false"
          ? d.truth
            ? { value: d.truth === "true" }
            : {}
          : d.type === "short_text"
            ? {
                accepted: d.accepted
                  .split("\n")
                  .map((a) => a.trim())
                  .filter(Boolean),
                case_sensitive: d.case_sensitive,
                diacritic_sensitive: d.diacritic_sensitive,
              }
            : { rubric: d.rubric, max_score: d.max_score ? Number(d.max_score) : null };
  return {
    type: d.type,
    grade: d.grade === NONE ? null : Number(d.grade),
    subject_id: d.subject_id === NONE ? null : Number(d.subject_id),
    difficulty: d.difficulty === NONE ? "" : d.difficulty,
    score_weight: Number(d.score_weight) || 1,
    content: { stem: d.stem, explanation: d.explanation, options: choice ? d.options : [] },
    answer_key: key,
  };
}

export default function QuestionFormRoute() {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useAuthorized().data?.user;
  const { id = "new", load } = useParams();
  const [params] = useSearchParams();
  const isNew = id === "new" || load === "copy";
  const questionId = id === "new" ? null : Number(id);
  const question = useQuery({
    queryKey: ["question", questionId],
    queryFn: () => getQuestion(questionId!),
    enabled: questionId !== null,
  });
  const history = useQuery({
    queryKey: ["question-history", questionId],
    queryFn: () => questionHistory(questionId!),
    enabled: questionId !== null && !isNew,
  });
  const subjects = useQuery({ queryKey: ["subjects"], queryFn: listSubjects, staleTime: Infinity });
  const clusters = useQuery({ queryKey: ["matrix-clusters"], queryFn: listClusters });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [previewLang, setPreviewLang] = useState<Lang>(language);
  const [editLang, setEditLang] = useState<Lang>("vi");
  const [matrix, setMatrix] = useState<Record<string, string>>({});
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState("");

  useEffect(() => {
    if (!question.data) return;
    setDraft(fromQuestion(question.data));
    const m = question.data.matrix;
    setMatrix({
      topic_id: m.topic ? String(m.topic.id) : NONE,
      subtopic_id: m.subtopic ? String(m.subtopic.id) : NONE,
      complexity_level_id: m.complexity_level ? String(m.complexity_level.id) : NONE,
      cognitive_domain_id: m.cognitive_domain ? String(m.cognitive_domain.id) : NONE,
    });
  }, [question.data]);

  const q = isNew ? null : question.data;
  const editable = isNew || !q || ["draft", "rejected", "published"].includes(q.status);
  const own = q?.created_by_profile_id === me?.pandai_profile_id;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const bankId = q?.bank_id ?? Number(params.get("bank"));
  const clusterList = clusters.data;
  const byType = useMemo(() => {
    const map: Record<string, NonNullable<typeof clusterList>> = {};
    for (const c of clusterList ?? []) (map[c.type] ??= []).push(c);
    return map;
  }, [clusterList]);

  const refresh = async (next: Question) => {
    // A fetch of this question still in flight (the one started when a new question's page
    // opened) would land after this answer and put its stale `missing` list back.
    await queryClient.cancelQueries({ queryKey: ["question", next.id] });
    queryClient.setQueryData(["question", next.id], next);
    await queryClient.invalidateQueries({ queryKey: ["questions"] });
    await queryClient.invalidateQueries({ queryKey: ["question-history", next.id] });
  };

  async function save(): Promise<Question | null> {
    setErrors({});
    try {
      const saved = isNew
        ? await createQuestion({ ...toPayload(draft), bank_id: bankId })
        : await updateQuestion(q!.id, toPayload(draft));
      toast({ variant: "success", title: t("qb.saved") });
      await refresh(saved);
      if (saved.id !== q?.id) navigate(`/question-bank/form/${saved.id}`, { replace: true });
      return saved;
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.errors);
        toast({ variant: "destructive", title: t("qb.saveFailed"), description: e.message });
      }
      return null;
    }
  }

  async function act(action: "submit" | "approve" | "reject" | "publish", note = "") {
    if (!q) return;
    try {
      const next = await questionAction(q.id, action, note);
      toast({ variant: "success", title: t(`qb.done.${action}` as "qb.done.submit") });
      await refresh(next);
    } catch (e) {
      if (e instanceof ApiError) {
        setErrors(e.errors);
        toast({ variant: "destructive", title: `${e.status} Error`, description: e.message });
      }
    }
  }

  async function saveMatrix() {
    if (!q) return;
    const body = Object.fromEntries(
      Object.entries(matrix).map(([k, v]) => [k, v === NONE || !v ? null : Number(v)]),
    );
    try {
      await refresh(await attachMatrix(q.id, body));
      toast({ variant: "success", title: t("qb.matrixSaved") });
    } catch (e) {
      if (e instanceof ApiError)
        toast({
          variant: "destructive",
          title: t("qb.matrixFailed"),
          description: Object.values(e.errors).flat().join(" ") || e.message,
        });
    }
  }

  async function addImage(file: File | undefined) {
    if (!file) return;
    try {
      const { url } = await uploadQuestionImage(file);
      set("stem", { ...draft.stem, [editLang]: `${draft.stem[editLang]}<p><img src="${url}" alt=""></p>` });
    } catch {
      /* the API client shows the error */
    }
  }

  const err = (field: string) => errors[field]?.[0];
  const choice = draft.type === "single_choice" || draft.type === "multiple_choice";
  const missing = q?.missing ?? [];

  if (questionId !== null && question.isPending) return <p role="status">{t("common.loading")}</p>;
  if (questionId !== null && question.isError) return <p>{t("error.notFound")}</p>;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_380px]">
      <div className="grid content-start gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">
            {isNew ? t("qb.newQuestion") : t("qb.questionN", { id: q?.id ?? "", version: q?.version ?? 1 })}
          </h1>
          {q && (
            <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", STATUS_STYLE[q.status])}>
              {t(statusLabel(q.status))}
            </span>
          )}
        </div>
        {q?.status === "published" && (
          <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">{t("qb.publishedEditNote")}</p>
        )}
        <fieldset
          disabled={!editable}
          className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <div className="grid gap-4 sm:grid-cols-3 2xl:grid-cols-5">
            <Field label={t("qb.type")} htmlFor="type" error={err("type")}>
              <Select
                id="type"
                value={draft.type}
                onChange={(e) => set("type", e.target.value as QuestionType)}
              >
                {QUESTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(typeLabel(type))}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("field.grade")} htmlFor="grade" error={err("grade")}>
              <Select id="grade" value={draft.grade} onChange={(e) => set("grade", e.target.value)}>
                <option value={NONE} disabled>
                  {t("common.choose")}
                </option>
                {Array.from({ length: 12 }, (_, i) => i + 1).map((g) => (
                  <option key={g} value={String(g)}>
                    {g}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("qb.subject")} htmlFor="subject" error={err("subject_id")}>
              <Select
                id="subject"
                value={draft.subject_id}
                onChange={(e) => set("subject_id", e.target.value)}
              >
                <option value={NONE} disabled>
                  {t("common.choose")}
                </option>
                {subjects.data?.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {language === "en" ? s.name_en : s.name_vi}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("qb.difficulty")} htmlFor="difficulty" error={err("difficulty")}>
              <Select
                id="difficulty"
                value={draft.difficulty}
                onChange={(e) => set("difficulty", e.target.value)}
              >
                <option value={NONE} disabled>
                  {t("common.choose")}
                </option>
                {DIFFICULTIES.map((d) => (
                  <option key={d} value={d}>
                    {t(difficultyLabel(d))}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t("qb.weight")} htmlFor="weight" error={err("score_weight")}>
              <Input
                id="weight"
                type="number"
                min="0.25"
                step="0.25"
                value={draft.score_weight}
                onChange={(e) => set("score_weight", e.target.value)}
              />
            </Field>
          </div>
          <div role="tablist" aria-label={t("qb.contentLanguage")} className="flex gap-1">
            {(["vi", "en"] as Lang[]).map((l) => (
              <button
                key={l}
                type="button"
                role="tab"
                aria-selected={editLang === l}
                onClick={() => setEditLang(l)}
                className={cn(
                  "rounded-full px-3 py-1 text-xs font-medium",
                  editLang === l ? "bg-blue-700 text-white" : "bg-slate-100",
                )}
              >
                {l === "vi" ? "Tiếng Việt" : "English"}
              </button>
            ))}
          </div>
          <Field label={t("qb.stem")} htmlFor="stem" error={err("content.stem")} hint={t("qb.stemHint")}>
            <textarea
              id="stem"
              rows={5}
              className="rounded-lg border border-slate-300 p-3 text-sm"
              value={draft.stem[editLang]}
              onChange={(e) => set("stem", { ...draft.stem, [editLang]: e.target.value })}
            />
          </Field>
          <label className="inline-flex w-fit cursor-pointer items-center gap-2 text-sm text-blue-700">
            <ImagePlus className="h-4 w-4" aria-hidden="true" /> {t("qb.addImage")}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              onChange={(e) => void addImage(e.target.files?.[0])}
            />
          </label>
          {choice && (
            <div className="grid gap-2" role="group" aria-label={t("qb.options")}>
              <p className="text-sm font-medium">{t("qb.options")}</p>
              {err("content.options") && (
                <p role="alert" className="text-xs text-red-600">
                  {err("content.options")}
                </p>
              )}
              {draft.options.map((option, index) => (
                <div key={option.id} className="flex items-center gap-2">
                  <input
                    type={draft.type === "single_choice" ? "radio" : "checkbox"}
                    name="correct"
                    aria-label={t("qb.markCorrect", { letter: option.id.toUpperCase() })}
                    checked={draft.correct.includes(option.id)}
                    onChange={() =>
                      set(
                        "correct",
                        draft.type === "single_choice"
                          ? [option.id]
                          : draft.correct.includes(option.id)
                            ? draft.correct.filter((c) => c !== option.id)
                            : [...draft.correct, option.id],
                      )
                    }
                  />
                  <span className="w-5 text-sm font-semibold">{option.id.toUpperCase()}</span>
                  <Input
                    aria-label={t("qb.optionText", { letter: option.id.toUpperCase() })}
                    value={option[editLang]}
                    onChange={(e) =>
                      set(
                        "options",
                        draft.options.map((o, i) => (i === index ? { ...o, [editLang]: e.target.value } : o)),
                      )
                    }
                  />
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={t("qb.removeOption", { letter: option.id.toUpperCase() })}
                    disabled={draft.options.length <= 2}
                    onClick={() =>
                      set(
                        "options",
                        draft.options.filter((_, i) => i !== index),
                      )
                    }
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                </div>
              ))}
              {err("answer_key") && (
                <p role="alert" className="text-xs text-red-600">
                  {err("answer_key")}
                </p>
              )}
              <Button
                size="sm"
                variant="outline"
                className="w-fit"
                disabled={draft.options.length >= 6}
                onClick={() =>
                  set("options", [
                    ...draft.options,
                    {
                      id: LETTERS.split("").find((l) => !draft.options.some((o) => o.id === l))!,
                      vi: "",
                      en: "",
                    },
                  ])
                }
              >
                <Plus className="h-4 w-4" /> {t("qb.addOption")}
              </Button>
            </div>
          )}
          {draft.type === "true_false" && (
            <Field label={t("qb.correctAnswer")} htmlFor="truth" error={err("answer_key")}>
              <Select
                id="truth"
                value={draft.truth || NONE}
                onChange={(e) => set("truth", e.target.value as Draft["truth"])}
              >
                <option value={NONE} disabled>
                  {t("common.choose")}
                </option>
                <option value="true">{t("qb.true")}</option>
                <option value="false">{t("qb.false")}</option>
              </Select>
            </Field>
          )}
          {draft.type === "short_text" && (
            <div className="grid gap-2">
              <Field
                label={t("qb.accepted")}
                htmlFor="accepted"
                error={err("answer_key")}
                hint={t("qb.acceptedHint")}
              >
                <textarea
                  id="accepted"
                  rows={3}
                  className="rounded-lg border border-slate-300 p-3 text-sm"
                  value={draft.accepted}
                  onChange={(e) => set("accepted", e.target.value)}
                />
              </Field>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={draft.case_sensitive}
                  onChange={(e) => set("case_sensitive", e.target.checked)}
                />{" "}
                {t("qb.caseSensitive")}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={draft.diacritic_sensitive}
                  onChange={(e) => set("diacritic_sensitive", e.target.checked)}
                />{" "}
                {t("qb.diacriticSensitive")}
              </label>
            </div>
          )}
          {draft.type === "essay" && (
            <div className="grid gap-4 sm:grid-cols-[1fr_160px]">
              <Field label={t("qb.rubric")} htmlFor="rubric" error={err("answer_key.rubric")}>
                <textarea
                  id="rubric"
                  rows={4}
                  className="rounded-lg border border-slate-300 p-3 text-sm"
                  value={draft.rubric}
                  onChange={(e) => set("rubric", e.target.value)}
                />
              </Field>
              <Field label={t("qb.maxScore")} htmlFor="max-score" error={err("answer_key.max_score")}>
                <Input
                  id="max-score"
                  type="number"
                  min="1"
                  value={draft.max_score}
                  onChange={(e) => set("max_score", e.target.value)}
                />
              </Field>
            </div>
          )}
          <Field label={t("qb.explanation")} htmlFor="explanation">
            <textarea
              id="explanation"
              rows={2}
              className="rounded-lg border border-slate-300 p-3 text-sm"
              value={draft.explanation[editLang]}
              onChange={(e) => set("explanation", { ...draft.explanation, [editLang]: e.target.value })}
            />
          </Field>
          <div className="flex justify-end">
            <Button onClick={() => void save()}>
              {q?.status === "published" ? t("qb.saveNewVersion") : t("common.save")}
            </Button>
          </div>
        </fieldset>
        {q && (
          <section
            className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5"
            aria-labelledby="matrix-heading"
          >
            <h2 id="matrix-heading" className="font-semibold">
              {t("qb.matrix")}
            </h2>
            <div className="grid gap-3 sm:grid-cols-4">
              {(["topic", "subtopic", "complexity_level", "cognitive_domain"] as const).map((type) => (
                <Field key={type} label={t(clusterTypeLabel(type))} htmlFor={`m-${type}`}>
                  <Select
                    id={`m-${type}`}
                    value={matrix[`${type}_id`] ?? NONE}
                    onChange={(e) => setMatrix((m) => ({ ...m, [`${type}_id`]: e.target.value }))}
                    disabled={q.status === "published" || q.status === "superseded"}
                  >
                    <option value={NONE}>{t("common.choose")}</option>
                    {(byType[type] ?? [])
                      .filter(
                        (c) =>
                          type !== "subtopic" ||
                          !matrix.topic_id ||
                          matrix.topic_id === NONE ||
                          String(c.parent_id) === matrix.topic_id,
                      )
                      .map((c) => (
                        <option key={c.id} value={String(c.id)}>
                          {c.code} — {c.description}
                        </option>
                      ))}
                  </Select>
                </Field>
              ))}
            </div>
            {q.status !== "published" && q.status !== "superseded" && (
              <Button variant="outline" className="w-fit" onClick={() => void saveMatrix()}>
                {t("qb.attachMatrix")}
              </Button>
            )}
          </section>
        )}
        {q && (
          <section className="flex flex-wrap gap-2" aria-label={t("qb.workflow")}>
            {["draft", "rejected"].includes(q.status) && (
              <Button onClick={() => (missing.length ? setConfirmSubmit(true) : void act("submit"))}>
                {t("qb.action.submit")}
              </Button>
            )}
            {q.status === "submitted" && !own && (
              <Button onClick={() => void act("approve")}>{t("qb.action.approve")}</Button>
            )}
            {q.status === "submitted" && !own && (
              <Button variant="destructive" onClick={() => setRejecting(true)}>
                {t("qb.action.reject")}
              </Button>
            )}
            {q.status === "submitted" && own && (
              <p className="text-sm text-slate-600">{t("qb.waitingForReviewer")}</p>
            )}
            {q.status === "approved" && (
              <Button onClick={() => void act("publish")}>{t("qb.action.publish")}</Button>
            )}
          </section>
        )}
        {history.data && history.data.length > 0 && (
          <section
            className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5"
            aria-labelledby="history-heading"
          >
            <h2 id="history-heading" className="font-semibold">
              {t("qb.history")}
            </h2>
            <ol className="grid gap-1 text-sm">
              {history.data.map((h) => (
                <li key={h.id} className="text-slate-700">
                  <span className="text-slate-500">
                    {formatDateTime(h.created_at, language === "en" ? "en-GB" : "vi-VN")}
                  </span>{" "}
                  · v{h.version} · {h.actor_name}:{" "}
                  {h.from_status ? `${t(statusLabel(h.from_status))} → ` : ""}
                  {t(statusLabel(h.to_status))}
                  {h.comment && <span className="italic"> — “{h.comment}”</span>}
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
      <aside
        className="grid content-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 xl:sticky xl:top-20"
        aria-labelledby="preview-heading"
      >
        <div className="flex items-center justify-between">
          <h2 id="preview-heading" className="font-semibold">
            {t("qb.preview")}
          </h2>
          <Select
            aria-label={t("qb.previewLanguage")}
            className="w-28"
            value={previewLang}
            onChange={(e) => setPreviewLang(e.target.value as Lang)}
          >
            <option value="vi">Tiếng Việt</option>
            <option value="en">English</option>
          </Select>
        </div>
        <MathHtml
          className="prose-sm text-slate-900 [&_img]:max-w-full"
          html={draft.stem[previewLang] || draft.stem[previewLang === "vi" ? "en" : "vi"] || ""}
        />
        {choice && (
          <ul className="grid gap-2">
            {draft.options.map((o) => (
              <li key={o.id} className="flex gap-2 rounded-lg border border-slate-200 p-2 text-sm">
                <span className="font-semibold">{o.id.toUpperCase()}.</span>
                <MathHtml html={o[previewLang] || o[previewLang === "vi" ? "en" : "vi"]} />
              </li>
            ))}
          </ul>
        )}
        {draft.type === "true_false" && (
          <p className="text-sm text-slate-600">
            {t("qb.true")} / {t("qb.false")}
          </p>
        )}
        {(draft.type === "short_text" || draft.type === "essay") && (
          <div className="h-16 rounded-lg border border-dashed border-slate-300" aria-hidden="true" />
        )}
        {missing.length > 0 && (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-medium">{t("qb.missing")}</p>
            <ul className="list-disc pl-5">
              {missing.map((m) => (
                <li key={m.field}>{m.message}</li>
              ))}
            </ul>
          </div>
        )}
      </aside>
      <Dialog
        open={confirmSubmit}
        onOpenChange={setConfirmSubmit}
        title={t("qb.incompleteTitle")}
        description={t("qb.incompleteBody")}
        closeLabel={t("common.close")}
      >
        <ul className="list-disc pl-5 text-sm">
          {missing.map((m) => (
            <li key={m.field}>{m.message}</li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirmSubmit(false)}>
            {t("qb.keepEditing")}
          </Button>
          <Button
            onClick={() => {
              setConfirmSubmit(false);
              void act("submit");
            }}
          >
            {t("qb.submitAnyway")}
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t("qb.rejectTitle")}
        closeLabel={t("common.close")}
      >
        <Field label={t("qb.comment")} htmlFor="reject-comment">
          <textarea
            id="reject-comment"
            rows={3}
            className="rounded-lg border border-slate-300 p-3 text-sm"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setRejecting(false)}>
            {t("common.cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={!comment.trim()}
            onClick={() => {
              setRejecting(false);
              void act("reject", comment);
              setComment("");
            }}
          >
            {t("qb.action.reject")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
