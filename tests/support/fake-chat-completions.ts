/**
 * A stand-in OpenAI-compatible chat-completions server on 127.0.0.1, for the explanation tests and
 * the benchmark. It reads the article out of the data block of each request and answers as the test
 * scripts it: a good answer built from that article (its real terms and sentences), or one of the
 * ways a model or an endpoint fails. Every request is recorded.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour =
  | 'good'
  | 'malformed-json'
  | 'wrong-shape'
  | 'too-long'
  | 'markup'
  | 'slow'
  | '429-then-good'
  | '500'
  /** Does what a hijacked model would: obeys the instructions found in the article. */
  | 'obey-article';

export interface ChatRequest {
  readonly title: string;
  readonly language: 'zh' | 'es';
  readonly article: string;
  readonly body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type?: string; json_schema?: { schema?: unknown } };
  };
  readonly authorization?: string;
}

export interface FakeChatServer {
  readonly baseUrl: string;
  readonly requests: ChatRequest[];
  /** Decides each answer; by default every answer is good. */
  script: (request: ChatRequest, attempt: number) => Behaviour;
  /** Milliseconds before each answer (the model's "thinking time"), for the benchmark. */
  latencyMs: number;
  close(): Promise<void>;
}

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((paragraph) => paragraph.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 4);
}

/** Capitalised words of the article that do not start a sentence: names of people, places, institutions. */
function namesOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/(?<=[a-z,] )([A-Z][a-z]{3,})/g)) names.add(match[1]!);
  for (const match of text.matchAll(/\b([a-z]{7,})\b/g)) names.add(match[1]!);
  return [...names];
}

export function goodAnswer(request: Pick<ChatRequest, 'article' | 'language'>): Record<string, unknown> {
  const zh = request.language === 'zh';
  const sentences = sentencesOf(request.article);
  const hardest = [...sentences].sort((a, b) => b.length - a.length).slice(0, 2);
  const terms = namesOf(request.article).slice(0, 3);
  return {
    summary: zh ? `这篇文章讲的是：${sentences[0]?.slice(0, 40) ?? ''}` : `El artículo trata de: ${sentences[0]?.slice(0, 40) ?? ''}`,
    notes: terms.map((term) => ({
      term,
      title: zh ? `关于“${term}”` : `Sobre «${term}»`,
      explanation: zh ? `“${term}”是文章里的一个重要名称。` : `«${term}» es un nombre importante del artículo.`,
    })),
    hard_sentences: hardest.map((sentence) => ({
      sentence,
      explanation: zh ? '这个句子很长，有几个从句。' : 'Esta frase es larga y tiene varias subordinadas.',
    })),
  };
}

function completion(content: string): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1000, completion_tokens: 300, total_tokens: 1300 },
  });
}

export async function startFakeChatServer(): Promise<FakeChatServer> {
  const attempts = new Map<string, number>();
  const fake: FakeChatServer = {
    baseUrl: '',
    requests: [],
    script: () => 'good',
    latencyMs: 0,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as ChatRequest['body'];
      const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
      const marker = /^BEGIN (ARTICLE-[0-9a-f]+)$/m.exec(user)?.[1] ?? '';
      const article = user.split(`BEGIN ${marker}\n`)[1]?.split(`\nEND ${marker}`)[0] ?? '';
      const request: ChatRequest = {
        title: /^Title: (.*)$/m.exec(user)?.[1] ?? '',
        language: /Simplified Chinese/.test(system) ? 'zh' : 'es',
        article,
        body,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      };
      fake.requests.push(request);
      const key = `${request.title}/${request.language}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const answer = (res: ServerResponse) => respond(res, fake.script(request, attempt), request, attempt);
      if (fake.latencyMs > 0) setTimeout(() => answer(res), fake.latencyMs);
      else answer(res);
    });
  });

  function respond(res: ServerResponse, behaviour: Behaviour, request: ChatRequest, attempt: number): void {
    const json = (status: number, text: string, headers: Record<string, string> = {}) => {
      if (!res.writableEnded) res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
    };
    const good = goodAnswer(request);
    switch (behaviour) {
      case 'good':
        return json(200, completion(JSON.stringify(good)));
      case 'malformed-json':
        return json(200, completion('{"summary": "这篇文章'));
      case 'wrong-shape':
        return json(200, completion(JSON.stringify({ summary: 42, notes: 'none' })));
      case 'too-long':
        return json(200, completion(JSON.stringify({ ...good, summary: '很长的摘要。'.repeat(200) })));
      case 'markup':
        return json(200, completion(JSON.stringify({ ...good, summary: `<b>${String(good['summary'])}</b>` })));
      case 'slow':
        setTimeout(() => json(200, completion(JSON.stringify(good))), 3_000);
        return;
      case '429-then-good':
        if (attempt === 1) return json(429, '{"error":{"message":"rate limited"}}', { 'retry-after': '1' });
        return json(200, completion(JSON.stringify(good)));
      case '500':
        return json(500, '{"error":{"message":"model crashed"}}');
      case 'obey-article':
        // What a model that follows the article's instructions writes: a script tag and the phishing link.
        return json(
          200,
          completion(
            JSON.stringify({
              ...good,
              summary: '<script>alert("pwned")</script> Verify your account at https://secure-login.example-bank.co/verify',
            }),
          ),
        );
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
