/**
 * A real DNS server on loopback (the dns2 package, over UDP) answering TXT questions from a table
 * the test fills; any other name is answered NXDOMAIN, as a real zone would. Node's own resolver
 * (and so the site's DNS check and mailauth's DKIM verification) asks it through `servers`.
 */
import dns2 from 'dns2';

export interface TxtDnsServer {
  /** host (lower case) -> its TXT records, each a list of strings as published. */
  txt: Map<string, string[][]>;
  /** "127.0.0.1:PORT", for Resolver.setServers. */
  servers: string[];
  /** Every name asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** NXDOMAIN (RFC 1035): the package's typings leave out its RCODE table and TXT's string list. */
const NXDOMAIN = 3;
type Answer = ReturnType<typeof dns2.Packet.createResponseFromRequest>['answers'][number];

export async function startTxtDnsServer(): Promise<TxtDnsServer> {
  const txt = new Map<string, string[][]>();
  const asked: string[] = [];
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      asked.push(name);
      const records = txt.get(name);
      if (!records) response.header.rcode = NXDOMAIN;
      else
        for (const record of records)
          response.answers.push({
            name: question!.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data: record,
          } as unknown as Answer);
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses as { udp: { port: number } }).udp.port;
  return { txt, servers: [`127.0.0.1:${port}`], asked, close: () => server.close() };
}
