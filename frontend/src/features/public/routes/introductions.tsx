import { ContentPage, sectionsOf } from "../components/content-page";

export default function Route() {
  return <ContentPage title="page.introductions" intro="intro.intro" sections={sectionsOf("intro", 4)} />;
}
