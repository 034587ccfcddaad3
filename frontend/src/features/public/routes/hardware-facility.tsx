import { ContentPage, sectionsOf } from "../components/content-page";

export default function Route() {
  return <ContentPage title="page.hardware" intro="hardware.intro" sections={sectionsOf("hardware", 4)} />;
}
