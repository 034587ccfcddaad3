/** Create a test bank or rename one (issue 19; spec §5: a name is required, only the creator
 * renames). The server decides; its field error shows under the name, its refusal above it. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";

import { useT } from "@/lib/intl";
import { toast } from "@/lib/toast-store";

import { useSaveTestBank } from "../api/save-test-bank";
import type { TestBank } from "../api/types";
import { oneOf, useFormSubmit } from "../hooks/use-form-submit";
import { FormDialog } from "./form-dialog";
import { InputField } from "./form-fields";
import type { Translate } from "./preset-schema";

/** The server's rule (`assessments/services/test_banks.py`): a name with more than spaces. */
export function testBankSchema(t: Translate) {
  return z.object({
    name: z.string().refine((name) => name.trim() !== "", { message: t("validation.required") }),
  });
}

type Values = z.infer<ReturnType<typeof testBankSchema>>;

export function TestBankDialog({
  bank,
  onClose,
  onSaved,
}: {
  /** The bank to rename; null to create one. */
  bank: TestBank | null;
  onClose: () => void;
  onSaved?: (bank: TestBank) => void;
}) {
  const t = useT();
  const save = useSaveTestBank();
  const form = useForm<Values>({
    resolver: zodResolver(testBankSchema(t)),
    defaultValues: { name: bank?.name ?? "" },
  });
  const { failure, onSubmit } = useFormSubmit({
    setError: form.setError,
    shows: oneOf(["name"]),
    save: (v: Values) => save.mutateAsync({ id: bank?.id ?? null, name: v.name.trim() }),
    onSaved: (saved) => {
      toast({ variant: "success", title: t(bank ? "tests.banks.renamed" : "tests.banks.created") });
      onSaved?.(saved);
      onClose();
    },
  });

  return (
    <FormDialog
      title={t(bank ? "tests.banks.renameTitle" : "tests.banks.newTitle")}
      failure={failure}
      busy={form.formState.isSubmitting}
      onClose={onClose}
      onSubmit={form.handleSubmit(onSubmit)}
    >
      <InputField form={form} name="name" id="test-bank-name" label={t("tests.banks.name")} maxLength={200} />
    </FormDialog>
  );
}
