/** What a transcript file may be: CHAT (`.cha`, CLAN's format) or plain text (`SPEAKER: words .` per line). */
export const TRANSCRIPT_FILE_ACCEPT = '.cha,.txt,text/plain';

/** CHAT for a `.cha` file, plain text for anything else. */
export const formatOfFile = (name: string): 'chat' | 'text' => (/\.cha$/i.test(name) ? 'chat' : 'text');
