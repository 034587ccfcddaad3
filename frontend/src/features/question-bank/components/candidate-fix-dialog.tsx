/** Fix a question read from a file with the question form itself (`QuestionEditor`: the same
 * fields, the same rules, the server's field errors on its fields) and a live preview. A type
 * the bank cannot hold starts as an essay for the educator to choose another. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { FormProvider, useForm, type ErrorOption } from "react-hook-form";

import { Dialog } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api-client";
import { subjectsQuery } from "@/lib/api/subjects";
import { applyServerErrors } from "@/lib/forms";
import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import type { FileCandidate } from "../api/types";
import { useUpdateFileCandidate } from "../api/update-file-candidate";
import { formFieldOf, fromQuestion, toBody } from "../lib/draft";
import { questionSchema, type QuestionValues } from "../lib/question-schema";
import { QuestionEditor } from "./question-editor";
import { QuestionPreview } from "./question-preview";

function initialValues(candidate: FileCandidate): QuestionValues {
  return fromQuestion({
    ...candidate,
    type: candidate.type === "unsupported" ? "essay" : candidate.type,
    score_weight: candidate.score_weight ?? 1,
  });
}

export function CandidateFixDialog({
  fileId,
  candidate,
  onClose,
}: {
  fileId: string;
  candidate: FileCandidate;
  onClose: () => void;
}) {
  const t = useT();
  const subjects = useQuery(subjectsQuery());
  const update = useUpdateFileCandidate(fileId);
  const form = useForm<QuestionValues>({
    resolver: zodResolver(questionSchema(t)),
    defaultValues: initialValues(candidate),
  });
  const { handleSubmit, setError, getValues } = form;

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { candidateId: candidate.id, body: toBody(values) },
      {
        onSuccess: (saved) => {
          toast({
            variant: "success",
            title: saved.blocked ? t("qfile.savedStillBlocked") : t("qfile.saved", { ref: saved.ref }),
          });
          onClose();
        },
        onError: (error) => {
          const type = getValues("type");
          const fields = error instanceof ApiError ? Object.keys(error.errors) : [];
          const message = applyServerErrors(
            error,
            (name: string, option: ErrorOption) => {
              const field = formFieldOf(name, type);
              if (field) setError(field, option);
            },
            fields,
          );
          if (error instanceof ApiError)
            toast({ variant: "destructive", title: t("qb.saveFailed"), description: message });
        },
      },
    );
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("qfile.fixTitle", { ref: candidate.ref })}
      description={candidate.problems.map((p) => p.message).join(" ") || undefined}
      closeLabel={t("common.close")}
      size="lg"
    >
      <FormProvider {...form}>
        <div className="grid gap-4">
          <QuestionEditor
            subjects={subjects.data ?? []}
            editable={!update.isPending}
            saveLabel={t("qfile.saveFix")}
            onSubmit={() => void onSubmit()}
          />
          <QuestionPreview missing={[]} />
        </div>
      </FormProvider>
    </Dialog>
  );
}
