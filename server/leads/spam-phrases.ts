// Phrases that mark a contact message as a sales pitch or a scam rather than an organizer's enquiry: what the spam
// the site receives keeps saying (SEO, backlinks, loans, outsourcing, crypto), in English and Spanish. "strong"
// phrases alone reach the threshold; the others need a second sign.

export interface SpamPhrase {
  /** What the console shows as the reason. */
  label: string;
  pattern: RegExp;
  strength: "strong" | "weak";
}

const phrase = (label: string, pattern: RegExp, strength: SpamPhrase["strength"] = "strong") => ({
  label,
  pattern,
  strength,
});

export const spamPhrases: readonly SpamPhrase[] = [
  phrase("backlinks", /\bback-?links?\b/i),
  phrase(
    "SEO offer",
    /\bseo\b.{0,40}\b(services?|agency|experts?|package|rank(s|ing|ings)?|audit|optimi[sz]ation|specialists?|pro|team|report|strategy|campaign)\b/i,
  ),
  phrase("SEO offer", /\b(our|affordable|cheap|professional|white[- ]hat|local|monthly)\s+seo\b/i),
  phrase(
    "first page of Google",
    /\b(first|1st|top)\s+(page|spot|position)s?\s+(of|on|in)\s+google\b/i,
  ),
  phrase(
    "ranking promise",
    /\b(rank(ing)?s?|position)\s+(higher|#?1|number one|top)\b|\b(boost|improve|increase)\s+(your\s+)?(google\s+)?rank(ing|ings)?\b/i,
  ),
  phrase("guest post", /\bguest\s+post(s|ing)?\b|\bsponsored\s+(post|article)s?\b/i),
  phrase("link building", /\blink[- ]building\b|\bdomain\s+authority\b/i),
  // Upper case and a "+" (or "high"), as sellers write them: "da45" alone turns up in ids and codes.
  phrase("link building", /\b(DA|DR)\s?\d{2}\+|\bhigh\s+(DA|DR)\b/),
  phrase(
    "traffic offer",
    /\b(increase|boost|double|drive|more)\s+(your\s+)?(website\s+|web\s+|organic\s+|site\s+)?traffic\b|\btargeted\s+(visitors|traffic)\b/i,
  ),
  phrase(
    "casino or pills",
    /\b(casino|betting|viagra|cialis|pharmacy|weight\s+loss\s+pills?|keto\s+pills?)\b/i,
  ),
  phrase("crypto", /\b(crypto(currency)?|bitcoin|btc|forex|nft\s+drop|binary\s+options?)\b/i),
  phrase(
    "loan offer",
    /\b(payday|business|merchant|quick|instant)\s+(loans?|cash\s+advance|funding)\b|\bloans?\s+(approved|offer)\b|\bworking\s+capital\b/i,
  ),
  phrase(
    "lead lists",
    /\b(b2b|targeted|verified|updated|opt-in)\s+(e-?mail\s+|contact\s+)?(lists?|leads|database|data)\b|\b(buy|purchase|sell)\s+(our\s+|an?\s+)?(targeted\s+)?(e-?mail|contact)\s+lists?\b|\blead\s+generation\b|\bqualified\s+leads\b/i,
  ),
  phrase(
    "outsourcing pitch",
    /\boutsourc(e|ing)\b|\b(offshore|dedicated|remote)\s+(developers?|team|staff|programmers)\b|\bvirtual\s+assistants?\b/i,
  ),
  phrase(
    "web design pitch",
    /\b(website|web\s+site|site|app)\s+(redesign|re-design|development\s+services|makeover)\b|\b(we|i)\s+(build|design|develop|create)\s+(stunning|modern|professional|beautiful)\b/i,
  ),
  phrase(
    "cold opener",
    /\bdear\s+(sir|madam|sir\/madam|website\s+owner|business\s+owner|webmaster|site\s+owner)\b/i,
  ),
  phrase(
    "cold opener",
    /\b(i|we)\s+(just\s+)?(noticed|came\s+across|was\s+(checking|looking\s+at|browsing)|visited|analy[sz]ed|reviewed)\s+your\s+(website|site|web\s+site)\b/i,
  ),
  phrase(
    "your website pitch",
    /\byour\s+(website|site)\s+(is\s+not|isn'?t|has\s+(some\s+)?(errors|issues|problems)|could\s+(rank|get|be\s+getting)|needs|is\s+missing|lacks|is\s+losing|is\s+slow|looks\s+(outdated|old))\b/i,
  ),
  phrase(
    "reply to accept",
    /\breply\s+(with\s+)?["“']?(yes|interested|ok)\b|\bjust\s+reply\s+to\s+this\b/i,
  ),
  phrase(
    "unsubscribe",
    /\bunsubscribe\b|\bopt[- ]out\b|\bremove\s+me\b|\bdo\s+not\s+wish\s+to\s+receive\b/i,
  ),
  phrase(
    "social followers",
    /\b(buy|purchase|get|gain)\s+(more\s+)?(\d+\s*k?\s+)?(real\s+|5-star\s+|google\s+|fake\s+)*(followers|likes|reviews|subscribers|installs|ratings)\b|\b(instagram|tiktok|youtube)\s+(growth|followers)\s+(service|package)\b/i,
  ),
  phrase("explainer video pitch", /\b(explainer|animated|whiteboard)\s+videos?\b/i),
  phrase(
    "press release offer",
    /\bpress\s+release\s+(distribution|service|package)\b|\bfeatured\s+on\s+(forbes|yahoo|bloomberg)\b/i,
  ),
  phrase(
    "money making",
    /\b(make|earn)\s+(money|\$\s*\d+|passive\s+income)\b|\bpassive\s+income\b|\binvestment\s+opportunit(y|ies)\b|\bguaranteed\s+(returns?|profits?|results)\b/i,
  ),
  phrase(
    "limited offer",
    /\blimited[- ]time\s+offer\b|\bact\s+now\b|\bspecial\s+(discount|price)\s+(for\s+you|this\s+week)\b|\b\d{2,3}\s*%\s+off\b/i,
    "weak",
  ),
  phrase(
    "free audit offer",
    /\bfree\s+(seo\s+|website\s+|site\s+)?(audit|analysis|report|quote|consultation|mockup)\b/i,
    "weak",
  ),
  phrase(
    "marketing agency",
    /\b(digital\s+)?marketing\s+(agency|services|package|experts?)\b/i,
    "weak",
  ),
  phrase("Google Maps listing", /\bgoogle\s+(maps|my\s+business|business\s+profile)\b/i, "weak"),
  phrase("bulk e-mail", /\bbulk\s+(e-?mail|sms|messages?)\b|\bmass\s+mailing\b/i),
  phrase(
    "social media services",
    /\bsocial\s+media\s+(management|marketing)\s*(services?|package|agency)?\b/i,
    "weak",
  ),
  phrase(
    "domain scam",
    /\bdomain\s+(registration|renewal|expir\w*|listing)\b|\b(final|last)\s+notice\b/i,
  ),
  phrase("logo design pitch", /\blogo\s+design(s|ers?)?\b|\bunlimited\s+revisions\b/i),
  phrase("chatbot pitch", /\bai\s+chat\s?bots?\b/i),
  phrase("ads management pitch", /\bppc\b|\bpay[- ]per[- ]click\b|\bcost\s+per\s+click\b/i),
  phrase(
    "advance-fee fraud",
    /\binheritance\b|\bnext\s+of\s+kin\b|\btransfer\s+\$?\d+(\.\d+)?\s*(million|m)\b|\bbank\s+details\b|\bbusiness\s+proposal\b/i,
  ),
  phrase("grant scam", /\bgovernment\s+grant\b|\byou\s+qualify\s+for\b|\bclaim\s+(it\s+)?now\b/i),
  phrase(
    "tech support scam",
    /\b(computer|device|pc)\s+(has\s+been|is)\s+infected\b|\bremove\s+the\s+virus\b/i,
  ),
  phrase("dating scam", /\bi\s+saw\s+your\s+profile\b|\bknow\s+you\s+better\b|\bhi\s+dear\b/i),
  phrase(
    "influencer pitch",
    /\bconnect\s+brands\s+with\b|\b(micro-)?influencers?\s+(marketing|campaign|shout-?outs?)\b|\bshout-?out\s+from\b/i,
  ),
  phrase("wordpress speed pitch", /\b(optimi[sz]e|speed\s+up)\s+(your\s+)?wordpress\b/i),
  // Spanish.
  phrase(
    "SEO offer (es)",
    /\bposicionamiento\s+(web|seo|en\s+google)\b|\bservicios?\s+(de\s+)?seo\b/i,
  ),
  phrase(
    "first page of Google (es)",
    /\bprimer(a)?\s+(p[aá]gina|lugar|posici[oó]n)\s+(de|en)\s+google\b/i,
  ),
  phrase(
    "backlinks (es)",
    /\benlaces\s+(de\s+calidad|entrantes|patrocinados)\b|\bcompra\s+de\s+enlaces\b/i,
  ),
  phrase(
    "traffic offer (es)",
    /\b(aumentar|incrementar|duplicar|m[aá]s)\s+(el\s+|su\s+|tu\s+)?tr[aá]fico\b/i,
  ),
  phrase(
    "loan offer (es)",
    /\bpr[eé]stamos?\s+(r[aá]pidos?|personales|inmediatos?|sin\s+aval)\b|\bcr[eé]dito\s+(inmediato|aprobado)\b/i,
  ),
  phrase(
    "crypto (es)",
    /\bcriptomonedas?\b|\binversi[oó]n\s+(garantizada|segura)\b|\bganancias\s+garantizadas\b/i,
  ),
  phrase(
    "cold opener (es)",
    /\bestimado\s+(propietario|due[nñ]o|administrador)\b|\b(he|hemos)\s+(revisado|analizado|visto|visitado)\s+su\s+(sitio|p[aá]gina|web)\b/i,
  ),
  phrase(
    "web design pitch (es)",
    /\b(dise[nñ]o|redise[nñ]o|desarrollo)\s+(web|de\s+p[aá]ginas\s+web)\s+(profesional|econ[oó]mico|a\s+medida)\b/i,
  ),
  phrase(
    "lead lists (es)",
    /\bbase\s+de\s+datos\s+de\s+(correos|clientes|empresas)\b|\blistas?\s+de\s+correos?\b/i,
  ),
  phrase(
    "unsubscribe (es)",
    /\bdarse\s+de\s+baja\b|\bresponda\s+(con\s+)?["“']?s[ií](?=\s|$|[.,!?"”'])/i,
  ),
  phrase(
    "social followers (es)",
    /\b(compre|comprar|consiga)\s+(\d[\d.,]*\s+)?seguidores\b|\bseguidores\s+reales\b/i,
  ),
  phrase("domain scam (es)", /\b(registro|renovaci[oó]n)\s+de\s+su\s+dominio\b|\baviso\s+final\b/i),
  phrase("marketing agency (es)", /\bagencia\s+de\s+marketing\b/i, "weak"),
  phrase(
    "social media services (es)",
    /\bgestionamos\s+(sus|tus)\s+redes\s+sociales\b|\bgesti[oó]n\s+de\s+redes\s+sociales\b/i,
    "weak",
  ),
];
