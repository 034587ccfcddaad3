// Over 400 lines: the sitting's one state (answers, outbox, timer, integrity, take-over, stimuli and the review page) drives every part of this page; split, each part would reach into the others.
/** The test in progress (issue 7, items 3 and 4): questions with navigation, flags, a review
 * page and submission; every answer goes through the persisted outbox (saved / saving /
 * offline); the timer follows the server's clock and submits at the deadline; tab switches and
 * blocked copy/paste are reported, with a warning that shows the count; a take-over by another
 * tab or device blocks this copy until the learner continues here. While answers wait for a
 * network that does not come back, the learner can save them as backup answers for the
 * invigilator (issue 38, item 3): during the test, after the time is up, and once the server no
 * longer takes answers from this page (the outbox is then kept, never cleared unseen). A question
 * of a shared stimulus shows the stimulus above it (phones) or beside it (wide screens), and says
 * which questions refer to it (decision 0054). A test in parts (issue 39) names each question's
 * part above its number and groups the grid and the review's lists by part. */
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, ListChecks, Send } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";

import { StimulusView } from "@/components/stimulus-view";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { useT } from "@/lib/intl";

import { myAssignmentKeys, takeTestKeys } from "../api/keys";
import { startAttempt } from "../api/start-attempt";
import { submitAttempt } from "../api/submit-attempt";
import type { Answer, Attempt, AttemptQuestion, EventAck } from "../api/types";
import { answerState, sameAnswer } from "../lib/answers";
import { clearDeviceToken } from "../lib/device-token";
import { TEXT_DEBOUNCE_MS } from "../lib/outbox";
import { partAt } from "../lib/parts";
import { paths } from "../lib/paths";
import { stimulusGroups } from "../lib/stimuli";
import { QuestionNav, type NavItem } from "./question-nav";
import { QuestionView } from "./question-view";
import { ReviewPanel } from "./review-panel";
import {
  ClosedDialog,
  ConfirmSubmitDialog,
  SwitchWarningDialog,
  TakeOverDialog,
  TimeUpDialog,
} from "./runner-dialogs";
import { SaveStatus } from "./save-status";
import { StimulusNote, useStimulusRange } from "./stimulus-note";
import { TestTimer } from "./test-timer";
import { BackupAnswers } from "./backup-answers";
import { useIntegrity } from "./use-integrity";
import { useOutbox } from "./use-outbox";

type Given = Record<number, { answer: Answer; flagged: boolean }>;
type Phase = "active" | "submitting" | "timeUp";

const ENDED = new Set(["deadline_passed", "attempt_not_in_progress"]);
const TIME_UP_RETRY_MS = 5000;

export function TestRunner({
  enrollmentId,
  attempt,
  offset,
  token,
  onReload,
}: {
  enrollmentId: number;
  attempt: Attempt;
  offset: number;
  token: string;
  /** Loads the attempt again (after this tab took it back). */
  onReload: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tokenRef = useRef(token);
  const ackRef = useRef<(ack: EventAck) => void>(() => undefined);
  const questions: AttemptQuestion[] = attempt.questions;
  const allowed = attempt.tab_switches_allowed;

  const { outbox, snapshot } = useOutbox({
    enrollmentId,
    attempt,
    token: tokenRef,
    offset,
    onEventAck: (ack) => ackRef.current(ack),
  });
  const [given, setGiven] = useState<Given>(() => {
    const initial: Given = {};
    for (const row of attempt.answers)
      initial[row.question_id] = { answer: row.answer, flagged: row.flagged };
    for (const [id, row] of outbox.pendingAnswers()) initial[id] = row;
    return initial;
  });
  const [current, setCurrent] = useState(0);
  const [view, setView] = useState<"question" | "review">("question");
  const [phase, setPhase] = useState<Phase>("active");
  const [confirming, setConfirming] = useState(false);
  const [submitError, setSubmitError] = useState("");
  const [switches, setSwitches] = useState(attempt.tab_switches);
  const [warning, setWarning] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [takenOver, setTakenOver] = useState(false);
  const [takingBack, setTakingBack] = useState(false);
  const [takeBackError, setTakeBackError] = useState("");
  /** The server takes no more answers from this page, yet some never reached it: the page stays,
   * offering the backup file, until the learner leaves. */
  const [closed, setClosed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const stimulusRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const groups = useMemo(() => stimulusGroups(questions, attempt.stimuli), [questions, attempt.stimuli]);
  const range = useStimulusRange();

  const finish = useCallback(() => {
    outbox.clear();
    clearDeviceToken(enrollmentId);
    void queryClient.invalidateQueries({ queryKey: myAssignmentKeys.all });
    void queryClient.invalidateQueries({ queryKey: takeTestKeys.result(enrollmentId) });
    navigate(paths.result(enrollmentId), { replace: true });
  }, [outbox, enrollmentId, queryClient, navigate]);

  ackRef.current = (ack) => {
    setSwitches((count) => Math.max(count, ack.tab_switches));
    if (ack.voided) finish();
  };

  /** Leaves for the result, unless answers this page holds never reached the server: then it
   * stays and offers them as a backup file. */
  const close = useCallback(() => {
    if (outbox.pendingAnswerCount() > 0 && attempt.backup) setClosed(true);
    else finish();
  }, [outbox, attempt.backup, finish]);

  useEffect(() => {
    if (snapshot.state === "ended") close();
    if (snapshot.state === "takenOver") setTakenOver(true);
  }, [snapshot.state, close]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (view === "question") heading.current?.focus();
    else document.getElementById("review-heading")?.focus();
  }, [current, view]);

  const active = phase === "active" && !takenOver && !closed;
  useIntegrity({
    enabled: active,
    onSwitch: (kind, at) => {
      outbox.record(kind, at);
      setSwitches((count) => count + 1);
      setWarning(true);
    },
    onBlocked: (kind, at) => {
      outbox.record(kind, at);
      setBlocked(true);
    },
  });
  useEffect(() => {
    if (!blocked) return;
    const timer = setTimeout(() => setBlocked(false), 4000);
    return () => clearTimeout(timer);
  }, [blocked]);

  const give = (question: AttemptQuestion, answer: Answer, { typing = false } = {}) => {
    const before = given[question.id];
    if (sameAnswer(before?.answer, answer)) return;
    const flagged = before?.flagged ?? false;
    setGiven((all) => ({ ...all, [question.id]: { answer, flagged } }));
    outbox.put(question.id, answer, flagged, typing ? TEXT_DEBOUNCE_MS : 0);
  };
  const toggleFlag = (question: AttemptQuestion) => {
    const before = given[question.id];
    const next = { answer: before?.answer ?? null, flagged: !(before?.flagged ?? false) };
    setGiven((all) => ({ ...all, [question.id]: next }));
    outbox.put(question.id, next.answer, next.flagged);
  };

  const items: NavItem[] = useMemo(
    () =>
      questions.map((q) => {
        const state = answerState(given[q.id]?.answer, q);
        return {
          id: q.id,
          answered: state === "answered",
          partial: state === "partial",
          flagged: given[q.id]?.flagged ?? false,
        };
      }),
    [questions, given],
  );

  const submit = async (reason: "learner" | "deadline") => {
    setPhase(reason === "deadline" ? "timeUp" : "submitting");
    setSubmitError("");
    const flushed = await outbox.flush({ all: true });
    const state = outbox.snapshot().state;
    if (state === "ended" || state === "takenOver") return; // the effects take over
    if (!flushed) {
      if (reason === "learner") {
        setSubmitError(t("takeTest.submitOffline"));
        setPhase("active");
      }
      return; // at the deadline: retried below
    }
    try {
      await submitAttempt(enrollmentId, tokenRef.current);
      finish();
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      if (api?.status === 409 && ENDED.has(api.code)) return close();
      // ended by a withdrawal of consent (403, the consent refusal: issue 37, item 6): nothing to back up
      if (api?.status === 403) return finish();
      if (api?.status === 409 && api.code === "attempt_taken_over") {
        setPhase("active");
        setTakenOver(true);
        return;
      }
      if (reason === "learner") {
        setSubmitError(api && api.status !== 0 ? api.message : t("takeTest.submitOffline"));
        setPhase("active");
      }
    }
  };
  const submitRef = useRef(submit);
  submitRef.current = submit;

  // Time is up: keep trying to send what is left and submit (answers typed before the deadline
  // count until the offline grace ends); once it is long gone the server has submitted the attempt
  // itself, and what this page still holds can only go through the backup file.
  useEffect(() => {
    if (phase !== "timeUp" || closed) return;
    const graceSeconds = Math.max(attempt.grace_seconds, attempt.offline_grace_seconds);
    const giveUpAt = new Date(attempt.deadline_at).getTime() + (graceSeconds + 30) * 1000;
    const timer = setInterval(() => {
      if (Date.now() + offset > giveUpAt) close();
      else void submitRef.current("deadline");
    }, TIME_UP_RETRY_MS);
    return () => clearInterval(timer);
  }, [
    phase,
    closed,
    attempt.deadline_at,
    attempt.grace_seconds,
    attempt.offline_grace_seconds,
    offset,
    close,
  ]);

  const takeBack = async () => {
    setTakingBack(true);
    setTakeBackError("");
    try {
      const started = await startAttempt(enrollmentId);
      tokenRef.current = started.device_token;
      onReload();
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      if (api?.status === 409) return finish();
      setTakeBackError(api && api.status !== 0 ? api.message : t("takeTest.takeover.failed"));
    } finally {
      setTakingBack(false);
    }
  };

  const question = questions[current];
  const group = question?.stimulus_id != null ? groups.get(question.stimulus_id) : undefined;
  const go = (index: number) => {
    setCurrent(Math.max(0, Math.min(questions.length - 1, index)));
    setView("question");
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4">
      <div className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white/95 px-5 py-3 shadow-sm backdrop-blur">
        <h1 className="text-lg font-semibold">{attempt.test_name}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <SaveStatus snapshot={snapshot} />
          <TestTimer
            deadline={attempt.deadline_at}
            offset={offset}
            onExpire={() => void submitRef.current("deadline")}
          />
          <Button variant="outline" onClick={() => setView("review")} disabled={!active}>
            <ListChecks className="h-4 w-4" aria-hidden="true" /> {t("takeTest.review.open")}
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={!active}>
            <Send className="h-4 w-4" aria-hidden="true" /> {t("takeTest.submit")}
          </Button>
        </div>
      </div>

      {snapshot.rejected.length > 0 && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {t("takeTest.save.rejected", {
            questions: snapshot.rejected
              .map((id) => questions.findIndex((q) => q.id === id) + 1)
              .filter((n) => n > 0)
              .join(", "),
          })}
        </p>
      )}
      {snapshot.state === "offline" && active && (
        <BackupAnswers moment="offline" outbox={outbox} attempt={attempt} offset={offset} />
      )}
      {submitError && !confirming && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {submitError}
        </p>
      )}
      {blocked && (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {t("takeTest.blocked")}
        </p>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="rounded-2xl border border-slate-200 bg-white p-6">
          {view === "review" ? (
            <ReviewPanel
              items={items}
              parts={attempt.parts}
              groups={[...groups.values()]}
              onGo={go}
              onBack={() => setView("question")}
              onSubmit={() => setConfirming(true)}
              disabled={!active}
            />
          ) : question ? (
            <div className="grid gap-6">
              {/* A shared stimulus: above its question on phones, beside it on wide screens; the same
                  panel (and its scroll) while the learner moves within its questions. */}
              <div className={group ? "grid items-start gap-6 xl:grid-cols-2" : "contents"}>
                {group && (
                  <StimulusView
                    key={group.stimulus.id}
                    ref={stimulusRef}
                    stimulus={group.stimulus}
                    label={range(group)}
                    untitled={t("takeTest.stimulus.untitled")}
                    scrolls
                    className="xl:sticky xl:top-24"
                  />
                )}
                <QuestionView
                  key={question.id}
                  ref={heading}
                  question={question}
                  part={partAt(attempt.parts, current)}
                  index={current}
                  total={questions.length}
                  answer={given[question.id]?.answer}
                  flagged={given[question.id]?.flagged ?? false}
                  disabled={!active}
                  onAnswer={(answer, options) => give(question, answer, options)}
                  onFlag={() => toggleFlag(question)}
                  onTextBlur={() => void outbox.flush({ all: true })}
                  stimulusNoteId={group ? `stimulus-note-${question.id}` : undefined}
                  stimulusNote={
                    group && (
                      <StimulusNote
                        id={`stimulus-note-${question.id}`}
                        group={group}
                        onShow={() => stimulusRef.current?.focus()}
                      />
                    )
                  }
                />
              </div>
              <div className="flex flex-wrap justify-between gap-3 border-t border-slate-100 pt-4">
                <Button variant="outline" disabled={current === 0} onClick={() => go(current - 1)}>
                  <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t("takeTest.previous")}
                </Button>
                {current < questions.length - 1 ? (
                  <Button onClick={() => go(current + 1)}>
                    {t("takeTest.next")} <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </Button>
                ) : (
                  <Button onClick={() => setView("review")}>
                    {t("takeTest.review.open")} <ListChecks className="h-4 w-4" aria-hidden="true" />
                  </Button>
                )}
              </div>
            </div>
          ) : (
            <p>{t("takeTest.noQuestions")}</p>
          )}
        </div>
        <aside className="rounded-2xl border border-slate-200 bg-white p-5">
          <QuestionNav
            items={items}
            parts={attempt.parts}
            current={view === "question" ? current : -1}
            onGo={go}
          />
        </aside>
      </div>

      <ConfirmSubmitDialog
        open={confirming}
        items={items}
        sending={phase === "submitting"}
        error={submitError}
        onClose={() => setConfirming(false)}
        onSubmit={() => void submit("learner")}
      />
      <SwitchWarningDialog
        open={warning && !takenOver}
        switches={switches}
        allowed={allowed}
        onClose={() => setWarning(false)}
      />
      <TakeOverDialog
        open={takenOver}
        busy={takingBack}
        error={takeBackError}
        onContinue={() => void takeBack()}
      />
      <TimeUpDialog open={phase === "timeUp" && !closed} snapshot={snapshot}>
        {snapshot.state === "offline" && (
          <BackupAnswers moment="timeUp" outbox={outbox} attempt={attempt} offset={offset} />
        )}
      </TimeUpDialog>
      <ClosedDialog open={closed} onLeave={finish}>
        <BackupAnswers moment="closed" outbox={outbox} attempt={attempt} offset={offset} />
      </ClosedDialog>
    </div>
  );
}
