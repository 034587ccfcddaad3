/** The signup rules of spec §5, mirroring the server (the server still decides). */
import { z } from "zod";

type T = (
  id:
    | "validation.required"
    | "validation.email"
    | "validation.passwordLength"
    | "validation.passwordsMatch"
    | "validation.cccd"
    | "validation.dateOfBirth"
    | "validation.datePast",
) => string;

export function parseDayMonthYear(value: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export function signupSchema(t: T) {
  const required = z.string().trim().min(1, t("validation.required"));
  // Placeholder options carry "__none" (a select item must not have an empty value, spec §5).
  const chosen = z.string().refine((v) => v.trim() !== "" && v !== "__none", t("validation.required"));
  return z
    .object({
      email: required.pipe(z.string().email(t("validation.email"))),
      password: z.string().min(8, t("validation.passwordLength")),
      confirm_password: required,
      name: required,
      gender: z.enum(["male", "female"], { message: t("validation.required") }),
      date_of_birth: required
        .refine((v) => parseDayMonthYear(v) !== null, t("validation.dateOfBirth"))
        .refine((v) => {
          const date = parseDayMonthYear(v);
          return date === null || date < new Date();
        }, t("validation.datePast")),
      cccd: required.regex(/^\d{12}$/, t("validation.cccd")),
      class_name: required,
      school_name: required,
      district_text: z.string(),
      province_code: chosen,
      curriculum: chosen,
      phone: required,
      contact_email: z.union([z.literal(""), z.string().email(t("validation.email"))]),
    })
    .refine((v) => v.password === v.confirm_password, {
      path: ["confirm_password"],
      message: t("validation.passwordsMatch"),
    });
}

export type SignupValues = z.infer<ReturnType<typeof signupSchema>>;
