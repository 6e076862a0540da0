import sanitizeHtml from 'sanitize-html';

/**
 * The only HTML a blog post may carry: text structure, links, images of our own and quotes.
 * Everything else (scripts, styles, event handlers, iframes) is removed before the post is stored.
 */
const policy: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    'a',
    'blockquote',
    'cite',
    'figure',
    'figcaption',
    'img',
    'br',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    // External links open in a new tab, without handing the new page a reference back to ours.
    a: (tagName, { href, title }) => {
      const attribs: Record<string, string> = { href: href ?? '' };
      if (title) attribs.title = title;
      if (/^https:/i.test(href ?? '')) Object.assign(attribs, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs };
    },
  },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
};

/** Cleans rich text on its way into the database (blog posts). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, policy);
}
