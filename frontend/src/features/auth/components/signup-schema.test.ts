import { describe, expect, it } from "vitest";

import en from "@/locales/en.json";
import vi from "@/locales/vi.json";

import { signupSchema } from "./signup-schema";

const good = {
  email: "an@example.vn",
  password: "Hoc-tap-2026!",
  confirm_password: "Hoc-tap-2026!",
  name: "Nguyễn An",
  gender: "male",
  date_of_birth: "14/03/2009",
  cccd: "079209001234",
  class_name: "10A1",
  school_name: "THPT Lê Quý Đôn",
  district_text: "",
  province_code: "79",
  curriculum: "Cánh Diều",
  phone: "0901234567",
  contact_email: "",
};

function messages(catalogue: Record<string, string>, values: Record<string, string>) {
  const result = signupSchema((id) => catalogue[id]!).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("signup validation (spec §5) in both languages", () => {
  it("accepts a complete form", () => {
    expect(messages(vi, good)).toEqual({});
  });
  it("reports each broken rule in Vietnamese", () => {
    const errors = messages(vi, {
      ...good,
      email: "x",
      cccd: "123",
      confirm_password: "khác",
      date_of_birth: "2009-03-14",
      name: "",
      province_code: "__none",
    });
    expect(errors).toMatchObject({
      email: vi["validation.email"],
      cccd: vi["validation.cccd"],
      confirm_password: vi["validation.passwordsMatch"],
      date_of_birth: vi["validation.dateOfBirth"],
      name: "Bắt buộc",
      province_code: "Bắt buộc",
    });
  });
  it("reports the same rules in English", () => {
    const errors = messages(en, { ...good, cccd: "07920900123a", date_of_birth: "31/12/2999" });
    expect(errors).toEqual({
      cccd: "The CCCD number must be exactly 12 digits",
      date_of_birth: "The date of birth must be in the past",
    });
  });
  it("rejects impossible dates", () => {
    expect(messages(en, { ...good, date_of_birth: "31/02/2009" })).toHaveProperty("date_of_birth");
  });
});
