// The parts of the `smpp` package (SMPP 3.4 client and server, no types of its own) the cms uses.
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Socket } from 'node:net';

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    message_id?: string;
    source_addr?: string;
    destination_addr?: string;
    esm_class?: number;
    data_coding?: number;
    short_message?: { message?: string | Buffer; udh?: Buffer[] } | string | Buffer;
    receipted_message_id?: string;
    message_state?: number;
    response(options?: Record<string, unknown>): Pdu;
  }

  export interface Session extends EventEmitter {
    socket: Socket;
    send(pdu: Pdu, responseCallback?: (pdu: Pdu) => void): boolean;
    bind_transceiver(options: Record<string, unknown>, callback: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, callback: (pdu: Pdu) => void): boolean;
    enquire_link(callback?: (pdu: Pdu) => void): boolean;
    unbind(callback?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
  }

  export function connect(
    options: { url: string; auto_enquire_link_period?: number },
    listener?: () => void,
  ): Session;

  const smpp: {
    connect: typeof connect;
    [error: string]: unknown;
  };
  export default smpp;
}
