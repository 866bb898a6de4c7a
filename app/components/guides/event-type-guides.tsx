// An event-type page's guides: the published guides serving that type, and a link to their listing page.
import { paths } from "../../config/paths";
import { guideCentreCopy as copy, eventTypeName } from "../../content/guide-centre";
import { guideSummaries } from "../../content/store";
import { TextLink } from "../marketing/button-link";
import { Section } from "../marketing/section";
import { GuideList } from "./guide-list";

export function EventTypeGuides({ eventType }: { eventType: string }) {
  const guides = guideSummaries.filter((guide) => guide.eventTypes.includes(eventType));
  const name = eventTypeName(eventType);
  if (guides.length === 0 || !name) return null;
  return (
    <Section id="guides" title={copy.eventTypeSection(name)} intro={copy.eventTypeIntro}>
      <GuideList guides={guides} headingLevel="h3" compact />
      <p className="mt-8">
        <TextLink to={paths.guidesForType(eventType)}>{copy.allForType(name)}</TextLink>
      </p>
    </Section>
  );
}
