/** The notices in force and the box that accepts them (issue 24, item 1): sign-up's consent step,
 * a learner's invitation, the prompt after login and the parent's page show the same versions
 * and dates, sent by the server (GET /public/api/consent/notices or the learner's state). */
import type { InputHTMLAttributes } from "react";
import { Link } from "react-router-dom";

import type { Notices } from "@/lib/api/consent";
import { formatDate } from "@/lib/format";
import { useLanguage, useT } from "@/lib/intl";

/** The two notices as links (in a new tab: the form keeps what was typed), each with its version
 * and the day it took effect. */
export function NoticeLinks({ notices }: { notices: Notices }) {
  const t = useT();
  const { locale } = useLanguage();
  const items = [
    { to: "/terms-and-conditions", notice: notices.terms, label: "consent.termsVersion" as const },
    { to: "/privacy-policy", notice: notices.privacy, label: "consent.privacyVersion" as const },
  ];
  return (
    <ul className="grid gap-1 text-sm">
      {items.map(
        ({ to, notice, label }) =>
          notice && (
            <li key={to}>
              <Link to={to} target="_blank" rel="noopener" className="text-blue-700 underline">
                {t(label, { version: notice.version, date: formatDate(notice.effective_on, locale) })}
              </Link>
              {notice.summary && <span className="text-slate-600"> — {notice.summary}</span>}
            </li>
          ),
      )}
    </ul>
  );
}

/** "I have read and accept the terms (version …) and the privacy notice (version …)": a real
 * checkbox with its label, its error under it (`role="alert"`), the links above it. `label`
 * replaces the sentence (the parent's own words on their page). */
export function NoticeConsentField({
  id,
  notices,
  error,
  label,
  inputProps,
}: {
  id: string;
  notices: Notices;
  error?: string;
  label?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const t = useT();
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("consent.noticesTitle")}</legend>
      <NoticeLinks notices={notices} />
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-blue-700"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...inputProps}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label ??
            t("consent.acceptLabel", {
              terms: notices.terms?.version ?? "",
              privacy: notices.privacy?.version ?? "",
            })}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
