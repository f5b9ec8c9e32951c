//===- ProblemIO.cpp - A Problem as text, and back ------------------------===//
//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A reader of the JSON subset the form needs (objects, arrays, integers,
// booleans; strings only as keys), so that the core stays free of any
// library: a syntax tree first, then the problem from it.

#include "peakmem/Core/Model/ProblemIO.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

namespace peakmem {

std::string writeProblem(const Problem &p) {
  std::string out = "{\"buffers\":[";
  auto list = [&](const auto &items) {
    for (size_t i = 0; i < items.size(); ++i)
      out += (i ? "," : "") + std::to_string(items[i]);
  };
  for (BufferId b = 0; b < p.numBuffers(); ++b)
    out += std::string(b ? "," : "") +
           "{\"bytes\":" + std::to_string(p.buffer(b).bytes) +
           ",\"freed\":" + (p.buffer(b).freedInBlock ? "true" : "false") + "}";
  out += "],\"edges\":[";
  for (size_t i = 0; i < p.edges().size(); ++i)
    out += std::string(i ? "," : "") + "[" +
           std::to_string(p.edges()[i].first) + "," +
           std::to_string(p.edges()[i].second) + "]";
  out += "],\"live_in\":" + std::to_string(p.liveIn) + ",\"statements\":[";
  for (StmtId s = 0; s < p.numStatements(); ++s) {
    const Statement &st = p.statement(s);
    out += std::string(s ? "," : "") + "{\"buffers\":[";
    list(st.buffers);
    out += "],\"kind\":" + std::to_string(static_cast<int>(st.kind));
    if (st.macs != 0)
      out += ",\"macs\":" + std::to_string(st.macs);
    if (st.ops != 0)
      out += ",\"ops\":" + std::to_string(st.ops);
    out += ",\"scratch\":" + std::to_string(st.scratch) +
           ",\"target\":" + std::to_string(st.target) + "}";
  }
  return out + "]}";
}

namespace {

/// A parsed JSON value of the subset.
struct Value {
  enum class Kind { Null, Bool, Int, String, Array, Object } kind = Kind::Null;
  bool boolean = false;
  int64_t integer = 0;
  std::string string;
  std::vector<Value> items;
  std::vector<std::pair<std::string, Value>> fields;
};

class Parser {
public:
  explicit Parser(std::string_view text) : text(text) {}

  /// The whole text as one value, or "" with `error` set.
  bool parseDocument(Value &v) {
    if (!parseValue(v, 0))
      return false;
    skipSpace();
    return pos == text.size() || fail("text after the value");
  }

  std::string error;

private:
  bool fail(const std::string &what) {
    error = "at byte " + std::to_string(pos) + ": " + what;
    return false;
  }
  void skipSpace() {
    while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\n' ||
                                 text[pos] == '\t' || text[pos] == '\r'))
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  bool parseValue(Value &v, unsigned depth);
  bool parseWord(Value &v);
  bool parseInteger(Value &v);
  bool parseString(std::string &s);
  bool parseArray(Value &v, unsigned depth);
  bool parseObject(Value &v, unsigned depth);

  std::string_view text;
  size_t pos = 0;
};

constexpr unsigned kMaxDepth = 64;

bool Parser::parseValue(Value &v, unsigned depth) {
  if (depth > kMaxDepth)
    return fail("nested deeper than " + std::to_string(kMaxDepth));
  skipSpace();
  if (pos == text.size())
    return fail("a value is missing");
  char c = text[pos];
  if (c == '{')
    return parseObject(v, depth);
  if (c == '[')
    return parseArray(v, depth);
  if (c == '"') {
    v.kind = Value::Kind::String;
    return parseString(v.string);
  }
  if (c == '-' || (c >= '0' && c <= '9'))
    return parseInteger(v);
  return parseWord(v);
}

bool Parser::parseWord(Value &v) {
  for (auto [word, kind, boolean] :
       {std::tuple{"true", Value::Kind::Bool, true},
        std::tuple{"false", Value::Kind::Bool, false},
        std::tuple{"null", Value::Kind::Null, false}}) {
    std::string_view w(word);
    if (text.substr(pos, w.size()) == w) {
      pos += w.size();
      v.kind = kind;
      v.boolean = boolean;
      return true;
    }
  }
  return fail("expected a value");
}

bool Parser::parseInteger(Value &v) {
  bool negative = text[pos] == '-';
  pos += negative;
  if (pos == text.size() || text[pos] < '0' || text[pos] > '9')
    return fail("expected a digit");
  uint64_t magnitude = 0;
  const uint64_t limit =
      uint64_t(std::numeric_limits<int64_t>::max()) + (negative ? 1 : 0);
  for (; pos < text.size() && text[pos] >= '0' && text[pos] <= '9'; ++pos) {
    uint64_t digit = uint64_t(text[pos] - '0');
    if (magnitude > (limit - digit) / 10)
      return fail("integer out of the int64 range");
    magnitude = magnitude * 10 + digit;
  }
  if (pos < text.size() &&
      (text[pos] == '.' || text[pos] == 'e' || text[pos] == 'E'))
    return fail("expected an integer");
  v.kind = Value::Kind::Int;
  v.integer = negative ? int64_t(0 - magnitude) : int64_t(magnitude);
  return true;
}

bool Parser::parseString(std::string &s) {
  ++pos; // The opening quote.
  for (; pos < text.size() && text[pos] != '"'; ++pos) {
    if (text[pos] == '\\')
      return fail("escapes are not supported in this form");
    s += text[pos];
  }
  if (pos == text.size())
    return fail("unterminated string");
  ++pos;
  return true;
}

bool Parser::parseArray(Value &v, unsigned depth) {
  ++pos;
  v.kind = Value::Kind::Array;
  if (consume(']'))
    return true;
  do {
    v.items.emplace_back();
    if (!parseValue(v.items.back(), depth + 1))
      return false;
  } while (consume(','));
  return consume(']') || fail("expected ',' or ']'");
}

bool Parser::parseObject(Value &v, unsigned depth) {
  ++pos;
  v.kind = Value::Kind::Object;
  if (consume('}'))
    return true;
  do {
    skipSpace();
    std::string key;
    if (pos == text.size() || text[pos] != '"' || !parseString(key))
      return error.empty() ? fail("expected a key") : false;
    if (!consume(':'))
      return fail("expected ':'");
    for (const auto &field : v.fields)
      if (field.first == key)
        return fail("duplicate key '" + key + "'");
    v.fields.emplace_back(std::move(key), Value());
    if (!parseValue(v.fields.back().second, depth + 1))
      return false;
  } while (consume(','));
  return consume('}') || fail("expected ',' or '}'");
}

/// The problem from the syntax tree.
class Builder {
public:
  explicit Builder(Problem &p) : p(p) {}
  bool build(const Value &doc);
  std::string error;

private:
  bool fail(const std::string &what) {
    error = what;
    return false;
  }
  /// `o`'s fields, each name of `known`; `required` ones present.
  bool checkKeys(const Value &o, const char *what,
                 std::initializer_list<const char *> required,
                 std::initializer_list<const char *> optional);
  static const Value *get(const Value &o, std::string_view key) {
    for (const auto &[name, value] : o.fields)
      if (name == key)
        return &value;
    return nullptr;
  }
  bool integer(const Value &o, const char *key, int64_t &out);
  bool id(const Value &v, size_t limit, const char *what, uint32_t &out);
  bool buffers(const Value &list);
  bool statements(const Value &list);
  bool edges(const Value &list);

  Problem &p;
};

bool Builder::checkKeys(const Value &o, const char *what,
                        std::initializer_list<const char *> required,
                        std::initializer_list<const char *> optional) {
  if (o.kind != Value::Kind::Object)
    return fail(std::string(what) + " must be an object");
  for (const auto &field : o.fields) {
    bool known = false;
    for (auto list : {required, optional})
      for (const char *k : list)
        known |= field.first == k;
    if (!known)
      return fail(std::string(what) + " has an unknown key '" + field.first +
                  "'");
  }
  for (const char *k : required)
    if (!get(o, k))
      return fail(std::string(what) + " needs '" + k + "'");
  return true;
}

bool Builder::integer(const Value &o, const char *key, int64_t &out) {
  const Value *v = get(o, key);
  if (!v)
    return true; // Optional and absent: the caller's default.
  if (v->kind != Value::Kind::Int)
    return fail(std::string("'") + key + "' must be an integer");
  out = v->integer;
  return true;
}

bool Builder::id(const Value &v, size_t limit, const char *what,
                 uint32_t &out) {
  if (v.kind != Value::Kind::Int || v.integer < 0 ||
      static_cast<uint64_t>(v.integer) >= limit)
    return fail(std::string(what) + " id out of range (" +
                std::to_string(limit) + " exist)");
  out = static_cast<uint32_t>(v.integer);
  return true;
}

bool Builder::buffers(const Value &list) {
  for (const Value &b : list.items) {
    if (!checkKeys(b, "a buffer", {"bytes", "freed"}, {}))
      return false;
    int64_t bytes = 0;
    const Value *freed = get(b, "freed");
    if (!integer(b, "bytes", bytes))
      return false;
    if (freed->kind != Value::Kind::Bool)
      return fail("'freed' must be true or false");
    p.addBuffer(bytes, freed->boolean);
  }
  return true;
}

bool Builder::statements(const Value &list) {
  for (const Value &s : list.items) {
    if (!checkKeys(s, "a statement", {"kind", "scratch", "target", "buffers"},
                   {"macs", "ops"}))
      return false;
    int64_t kind = 0, scratch = 0, macs = 0, ops = 0;
    if (!integer(s, "kind", kind) || !integer(s, "scratch", scratch) ||
        !integer(s, "macs", macs) || !integer(s, "ops", ops))
      return false;
    if (kind < 0 || kind > 2)
      return fail("'kind' must be 0 (compute), 1 (alloc) or 2 (free)");
    const Value *target = get(s, "target");
    const Value *uses = get(s, "buffers");
    if (target->kind != Value::Kind::Int || uses->kind != Value::Kind::Array)
      return fail("a statement's 'target' is an integer, 'buffers' a list");
    StmtId sid = p.addStatement(static_cast<StmtKind>(kind), scratch);
    p.statement(sid).macs = macs;
    p.statement(sid).ops = ops;
    // Target 0 of a compute statement names no buffer: allowed without any.
    if (target->integer != 0 || kind != 0)
      if (!id(*target, p.numBuffers(), "a statement's target buffer",
              p.statement(sid).target))
        return false;
    for (const Value &b : uses->items) {
      uint32_t buffer = 0;
      if (!id(b, p.numBuffers(), "a used buffer", buffer))
        return false;
      p.addUse(sid, buffer);
    }
  }
  return true;
}

bool Builder::edges(const Value &list) {
  for (const Value &e : list.items) {
    uint32_t from = 0, to = 0;
    if (e.kind != Value::Kind::Array || e.items.size() != 2)
      return fail("an edge is a list of two statement ids");
    if (!id(e.items[0], p.numStatements(), "an edge's statement", from) ||
        !id(e.items[1], p.numStatements(), "an edge's statement", to))
      return false;
    p.addEdge(from, to);
  }
  return true;
}

bool Builder::build(const Value &doc) {
  if (!checkKeys(doc, "a problem",
                 {"live_in", "buffers", "statements", "edges"}, {}))
    return false;
  for (const char *key : {"buffers", "statements", "edges"})
    if (get(doc, key)->kind != Value::Kind::Array)
      return fail(std::string("'") + key + "' must be a list");
  if (!integer(doc, "live_in", p.liveIn) || !buffers(*get(doc, "buffers")) ||
      !statements(*get(doc, "statements")) || !edges(*get(doc, "edges")))
    return false;
  p.finalize();
  error = p.check();
  return error.empty();
}

} // namespace

std::string readProblem(std::string_view text, Problem &p) {
  Value doc;
  Parser parser(text);
  if (!parser.parseDocument(doc))
    return parser.error;
  Builder builder(p);
  if (!builder.build(doc))
    return builder.error;
  return {};
}

} // namespace peakmem
