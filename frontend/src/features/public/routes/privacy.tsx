import { NOTICE_SECTIONS } from "@/components/notice-text";

import { ContentPage, sectionsOf } from "../components/content-page";

export default function Route() {
  return (
    <ContentPage
      title="page.privacy"
      intro="privacy.intro"
      sections={sectionsOf("privacy", NOTICE_SECTIONS.privacy)}
      notice="privacy"
    />
  );
}
