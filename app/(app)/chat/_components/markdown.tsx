'use client';

import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CopyButton } from './copy-button';

/** The parts of a hast node that carry text; enough to read a code block without the hast types. */
interface TextNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: readonly TextNode[];
}

function textOf(node: TextNode): string {
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(textOf).join('');
}

function languageOf(code: TextNode | undefined): string | null {
  const classes = code?.properties?.className;
  if (!Array.isArray(classes)) return null;
  const language = classes.find((c): c is string => typeof c === 'string' && c.startsWith('language-'));
  return language ? language.slice('language-'.length) : null;
}

function CodeBlock({ node }: { node: TextNode | undefined }) {
  const code = node?.children?.find((child) => child.tagName === 'code');
  const text = code ? textOf(code).replace(/\n$/, '') : '';
  const language = languageOf(code);
  return (
    <div className="code-block">
      <div className="code-block-header">
        <span>{language ?? 'code'}</span>
        <CopyButton text={text} label="Copy code" className="code-copy" />
      </div>
      <pre>
        <code className={language ? `language-${language}` : undefined}>{text}</code>
      </pre>
    </div>
  );
}

const components: Components = {
  pre: ({ node }) => <CodeBlock node={node} />,
  // Links in replies go to other sites: never replace the chat, never hand over window.opener.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  table: ({ node: _node, ...props }) => (
    <div className="table-scroll">
      <table {...props} />
    </div>
  ),
};

const remarkPlugins = [remarkGfm];

/**
 * Markdown with GitHub extensions (tables, task lists, strikethrough, autolinks). Raw HTML in the
 * text is shown as text, never interpreted: react-markdown does that unless rehype-raw is added,
 * and it also drops javascript: URLs.
 */
export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown remarkPlugins={remarkPlugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
});
