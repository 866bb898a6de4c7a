// Product picture: the application form builder, categories with booth fees and questions of four types.
import { formBuilderSample as sample } from "../../content/product-pictures";
import { FrameHeading, Pill, ProductFrame } from "./product-frame";

export function FormBuilder({ className }: { className?: string }) {
  return (
    <ProductFrame picture={sample} className={className}>
      <FrameHeading first>{sample.categoriesTitle}</FrameHeading>
      <ul className="mt-2 flex flex-wrap gap-2">
        {sample.categories.map((category) => (
          <li key={category.name} className="rounded-lg border border-slate-200 px-2 py-1">
            <span className="font-semibold">{category.name}</span>{" "}
            <span className="text-muted">{category.fee}</span>
          </li>
        ))}
      </ul>
      <FrameHeading>{sample.questionsTitle}</FrameHeading>
      <ol className="mt-2 grid gap-2">
        {sample.questions.map((question) => (
          <li
            key={question.text}
            className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 px-3 py-2"
          >
            <span className="min-w-0 flex-1 font-medium">{question.text}</span>
            <Pill tone="blue">{question.type}</Pill>
            <Pill tone={question.required ? "amber" : "grey"}>
              {question.required ? sample.required : sample.optional}
            </Pill>
          </li>
        ))}
      </ol>
    </ProductFrame>
  );
}
