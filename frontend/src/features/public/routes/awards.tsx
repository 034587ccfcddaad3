import { ContentPage, sectionsOf } from "../components/content-page";

export default function Route() {
  return <ContentPage title="page.awards" intro="awards.intro" sections={sectionsOf("awards", 3)} />;
}
