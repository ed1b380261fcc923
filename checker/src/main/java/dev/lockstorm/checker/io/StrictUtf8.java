package dev.lockstorm.checker.io;

import java.io.CharConversionException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The bytes of a stream passed on as they are, each checked to be well-formed UTF-8 (RFC 3629): no
 * overlong form, no surrogate, nothing past U+10FFFF, no sequence cut short. The JSON parser the
 * fast path reads with takes some of those as text; a history is bad input at its first such byte,
 * wherever in the file it comes ({@link CharConversionException}, whose caller finds the line and offset).
 */
final class StrictUtf8 extends FilterInputStream {
    /** Continuation bytes still due in the sequence being read. */
    private int due;
    /** The range the next byte must fall in (the first continuation is narrower after E0, ED, F0 and F4). */
    private int lo = 0x80;
    private int hi = 0xBF;

    StrictUtf8(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b < 0) end();
        else check(b);
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = in.read(buf, off, len);
        if (n < 0) {
            end();
            return n;
        }
        for (int i = off; i < off + n; i++) {
            int b = buf[i];
            if (b < 0 || due > 0) check(b & 0xff); // ASCII outside a sequence (nearly every byte of a history) is well formed
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] b = new byte[(int) Math.min(n, 8192)];
        int r = read(b, 0, b.length);
        return Math.max(r, 0);
    }

    private void check(int b) throws CharConversionException {
        if (due > 0) {
            if (b < lo || b > hi) throw bad(b);
            due--;
            lo = 0x80;
            hi = 0xBF;
        } else if (b >= 0x80) {
            if (b >= 0xC2 && b <= 0xDF) due = 1;
            else if (b == 0xE0) start(2, 0xA0, 0xBF);
            else if (b == 0xED) start(2, 0x80, 0x9F);
            else if (b >= 0xE1 && b <= 0xEF) due = 2;
            else if (b == 0xF0) start(3, 0x90, 0xBF);
            else if (b == 0xF4) start(3, 0x80, 0x8F);
            else if (b >= 0xF1 && b <= 0xF3) due = 3;
            else throw bad(b);
        }
    }

    private void start(int n, int first, int last) {
        due = n;
        lo = first;
        hi = last;
    }

    private void end() throws CharConversionException {
        if (due > 0) throw new CharConversionException("a UTF-8 sequence cut short by the end of the file");
    }

    private CharConversionException bad(int b) {
        return new CharConversionException(String.format("byte 0x%02x is not UTF-8", b));
    }
}
