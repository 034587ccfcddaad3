import { NOTICE_SECTIONS } from "@/components/notice-text";

import { ContentPage, sectionsOf } from "../components/content-page";

export default function Route() {
  return (
    <ContentPage
      title="page.terms"
      intro="terms.intro"
      sections={sectionsOf("terms", NOTICE_SECTIONS.terms)}
      notice="terms"
    />
  );
}
