import { ContentPage, sectionsOf } from "../components/content-page";

export default function Route() {
  return <ContentPage title="page.privacy" intro="privacy.intro" sections={sectionsOf("privacy", 5)} />;
}
