/** A new password typed twice (reset, and a new account from an invitation). */
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";

import { TextField } from "@/components/person-fields";
import { useT } from "@/lib/intl";

export function NewPasswordFields<T extends FieldValues & { password: string; confirm_password: string }>({
  form,
  label,
}: {
  form: Pick<UseFormReturn<T>, "register" | "getFieldState" | "formState">;
  /** The first field's label ("Mật khẩu mới" on the reset page). */
  label: string;
}) {
  const t = useT();
  return (
    <>
      <TextField
        form={form}
        name={"password" as Path<T>}
        label={label}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        form={form}
        name={"confirm_password" as Path<T>}
        label={t("field.confirmPassword")}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
