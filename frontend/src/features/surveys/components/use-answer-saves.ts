/** The survey runner's answers and their saves (POST store-answer as each is given): saves of
 * one statement go out in order, so the last choice wins; a saved answer is written into the
 * cached statements, so a return to the page shows it. */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";

import { questionsQuery } from "../api/get-questions";
import { storeAnswer } from "../api/store-answer";
import type { Question } from "../api/types";

export type SaveState = "saving" | "saved" | "error";

export function useAnswerSaves(
  id: number,
  initial: Record<number, number>,
  /** A save was refused or failed. */
  onError: (error: unknown) => void,
) {
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<number, number>>(initial);
  const [saves, setSaves] = useState<Record<number, SaveState>>({});
  const chains = useRef(new Map<number, Promise<unknown>>());
  const failed = useRef(onError);
  failed.current = onError;

  const save = useCallback(
    (question: Question, value: number) => {
      setAnswers((prev) => ({ ...prev, [question.id]: value }));
      setSaves((prev) => ({ ...prev, [question.id]: "saving" }));
      const previous = chains.current.get(question.id) ?? Promise.resolve();
      const next = previous
        .catch(() => undefined)
        .then(() => storeAnswer({ user_survey_id: id, question_id: question.id, answer: value }))
        .then(
          () => {
            if (chains.current.get(question.id) !== next) return;
            setSaves((prev) => ({ ...prev, [question.id]: "saved" }));
            queryClient.setQueryData(questionsQuery(id).queryKey, (old) =>
              old
                ? {
                    ...old,
                    questions: old.questions.map((q) => (q.id === question.id ? { ...q, answer: value } : q)),
                  }
                : old,
            );
          },
          (error: unknown) => {
            setSaves((prev) => ({ ...prev, [question.id]: "error" }));
            failed.current(error);
          },
        );
      chains.current.set(question.id, next);
    },
    [id, queryClient],
  );

  /** Resolves once every save sent so far has been answered. */
  const settled = useCallback(() => Promise.allSettled(chains.current.values()), []);

  return { answers, saves, save, settled };
}
